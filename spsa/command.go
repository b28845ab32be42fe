// kiothi spsa: its flags checked in the flags' words and turned into a
// run (the Config with its provenance settings, the openings, the match
// settings), and the lines it prints.

package spsa

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"github.com/kiothi/kiothi/internal/interrupt"
	"io"
	"strings"
	"time"

	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/openings"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// Flags are kiothi spsa's settings as its flags give them.
type Flags struct {
	Params       string // knob names, comma separated; empty: every tunable knob
	Iterations   int
	Pairs        int
	Rate         float64 // every knob's R; 0: each knob's own
	PlayerLimits string  // engine settings of both sides
	Openings     string  // openings file
	Seed         uint64
	Concurrency  int
	MaxPlies     int
	MoveTimeout  time.Duration
	Rules        movegen.Rules
}

// Plan is a checked kiothi spsa run.
type Plan struct {
	Config   Config
	Openings []position.Position
	// PlayerMB is the memory of one engine at the players' settings.
	PlayerMB int64
	// Base is the match settings of an iteration's games.
	Base match.Config
	// PlayerLimits and Pairs are the flags': both sides' engine
	// settings, and the game pairs an iteration.
	PlayerLimits string
	Pairs        int
}

// Plan checks f, reads the openings and the players' settings, and
// returns the run. Config.Settings, which a resumed run must match,
// names the settings that change the games: the players' settings,
// pairs, the openings' SHA-256, max plies and the rules.

// maxOpeningsBytes bounds the --openings file read (its hash names it in
// the state's settings): far above any set of starts.
const maxOpeningsBytes = 64 << 20

func (f *Flags) Plan() (*Plan, error) {
	var names []string
	if strings.TrimSpace(f.Params) != "" {
		for _, n := range strings.Split(f.Params, ",") {
			names = append(names, strings.TrimSpace(n))
		}
	}
	knobs, err := SearchKnobs(names)
	if err != nil {
		return nil, fmt.Errorf("--params: %v", err)
	}
	if f.Rate != 0 {
		if !(f.Rate > 0 && f.Rate <= 1) {
			return nil, fmt.Errorf("--rate %v: want above 0, at most 1 (or 0: each knob's own)", f.Rate)
		}
		for i := range knobs {
			knobs[i].R = f.Rate
		}
	}
	for _, err := range []error{
		limits.SPSAIterations.Check("--iterations", int64(f.Iterations)),
		limits.SPSAPairs.Check("--pairs", int64(f.Pairs)),
		limits.Threads.Check("--concurrency", int64(f.Concurrency)),
	} {
		if err != nil {
			return nil, err
		}
	}
	if f.MaxPlies < 0 {
		return nil, fmt.Errorf("--max-plies %d: must not be negative", f.MaxPlies)
	}
	if f.MoveTimeout <= 0 {
		return nil, fmt.Errorf("--move-timeout %v: must be positive", f.MoveTimeout)
	}
	if strings.Contains(f.PlayerLimits, "param.") {
		return nil, errors.New("--player-limits: no param.NAME here (the tuned knobs are set by the run; the others keep their defaults)")
	}
	if f.Openings == "" {
		return nil, errors.New("--openings FILE is required (for example testdata/openings.txt): the games of an iteration must start differently")
	}
	data, err := wholefile.ReadFile(f.Openings, maxOpeningsBytes, "an openings file")
	if err != nil {
		return nil, fmt.Errorf("--openings: %v", err)
	}
	settings := fmt.Sprintf("player-limits=%s pairs=%d openings=sha256:%x max-plies=%d free-first-lap=%v",
		f.PlayerLimits, f.Pairs, sha256.Sum256(data), f.MaxPlies, f.Rules.FreeFirstLap)
	p := &Plan{Config: Config{Knobs: knobs, Iterations: f.Iterations, Settings: settings, Seed: f.Seed},
		Base: match.Config{Concurrency: f.Concurrency, Seed: f.Seed,
			Game: match.GameConfig{Rules: f.Rules, MaxPlies: f.MaxPlies, MoveTimeout: f.MoveTimeout}},
		PlayerLimits: f.PlayerLimits, Pairs: f.Pairs}
	if p.Openings, err = openings.Parse(bytes.NewReader(data)); err != nil {
		return nil, fmt.Errorf("%s: %v", f.Openings, err)
	}
	start := make([]float64, len(knobs))
	for i, k := range knobs {
		start[i] = k.Start
	}
	spec, err := Spec(f.PlayerLimits, knobs, start)
	if err != nil {
		return nil, err
	}
	player, err := match.ParseSpec(spec)
	if err != nil {
		return nil, fmt.Errorf("--player-limits: %v", err)
	}
	if player.External {
		return nil, errors.New("--player-limits: the engine only")
	}
	p.PlayerMB = player.MemoryMB
	if err := limits.CheckMemory(fmt.Sprintf("--concurrency %d", f.Concurrency), int64(f.Concurrency)*2*player.MemoryMB); err != nil {
		return nil, err
	}
	return p, nil
}

// interrupted is Execute's error when its context ends first: done of
// the iterations run, and the state file (state; "" when none is kept).
func interrupted(done, of int, state string) *interrupt.Stopped {
	where := "no state kept (no --state)"
	if state != "" {
		where = fmt.Sprintf("--resume --state %s continues it", state)
	}
	return &interrupt.Stopped{Msg: fmt.Sprintf("spsa interrupted after %d of %s; %s", done, plural.Count(of, "iteration"), where)}
}

// ExecuteFile begins the run's state (Begin: the file at statePath,
// continued when resume), Executes it and closes the state.
func (p *Plan) ExecuteFile(ctx context.Context, statePath string, resume bool, run func(iteration int) match.PairRunner,
	out io.Writer, progress func(done int, label string)) error {
	st, err := Begin(statePath, resume, p.Config)
	if err != nil {
		return err
	}
	defer st.Close()
	return p.Execute(ctx, st, statePath, run, out, progress)
}

// Execute plays st's remaining iterations (Run), each a match played by
// run(the iteration's number, from 1), replacing statePath (when set) with
// the state after each; progress gets the iterations done and a label
// (the values, and the last match's score) after each, and -1 at the end.
// Then it writes Report to out. It returns *interrupt.Stopped when ctx ends
// first.
func (p *Plan) Execute(ctx context.Context, st *State, statePath string, run func(iteration int) match.PairRunner,
	out io.Writer, progress func(done int, label string)) error {
	if progress == nil {
		progress = func(int, string) {}
	}
	iteration := st.Iteration
	pairs := func(ctx context.Context, c match.Config, spec1, spec2 string) (*match.Summary, error) {
		return run(iteration+1)(ctx, c, spec1, spec2)
	}
	progress(st.Iteration, p.Label(st.Theta))
	err := Run(ctx, st, MatchGames(p.Base, p.PlayerLimits, p.Config.Knobs, p.Openings, p.Pairs, pairs), func(s *State) error {
		iteration = s.Iteration
		last := s.History[len(s.History)-1].Score
		progress(s.Iteration, fmt.Sprintf("%s  last +%d =%d -%d", p.Label(s.Theta), last.Wins, last.Draws, last.Losses))
		if statePath != "" {
			return s.Save(statePath)
		}
		return nil
	})
	progress(-1, "")
	if err != nil && ctx.Err() != nil {
		return interrupted(st.Iteration, p.Config.Iterations, statePath)
	}
	if err != nil {
		return fmt.Errorf("spsa: %v", err)
	}
	p.Report(out, st)
	return nil
}

// Label is theta as an engine spec's settings (the progress line's).
func (p *Plan) Label(theta []float64) string {
	v, _ := Spec("", p.Config.Knobs, theta)
	return strings.TrimPrefix(v, "engine:")
}

// Report writes each knob's start and tuned value, then the tuned values
// as an engine spec.
func (p *Plan) Report(w io.Writer, st *State) {
	for i, k := range p.Config.Knobs {
		sp, _ := search.LookupParam(k.Name)
		fmt.Fprintf(w, "%-14s %8s -> %s\n", k.Name, sp.Format(k.Start), sp.Format(st.Theta[i]))
	}
	tuned, _ := Spec("", p.Config.Knobs, st.Theta)
	fmt.Fprintf(w, "tuned after %s: %s\n", plural.Count(st.Iteration, "iteration"), tuned)
}
