// kiothi datagen and datagen exact: their flags checked in the flags'
// words and turned into a run (Config, ExactOptions), the exact file's
// header, and the lines they print.

package datagen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/kiothi/kiothi/cluster/fingerprint"
	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/openings"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/record"
)

// Bounds of kiothi datagen's flags.
const (
	MaxGames = 100_000_000
	MaxNodes = 1_000_000_000
)

// Flags are kiothi datagen's settings as its flags give them.
type Flags struct {
	Out           string
	Games         int
	Seed          uint64
	Concurrency   int
	Nodes, Depth  int // a search: Nodes, or Depth with Nodes 0
	HashMB, Setup int
	RandomPlies   int
	RandomProb    float64
	MaxPlies      int
	Starts        string // openings file of turn-3 starts
	StartShare    float64
	Rules         movegen.Rules
}

// Check refuses a flag out of range, naming it. The memory of the
// engines is the caller's to check: it depends on where they run.
func (f *Flags) Check() error {
	checks := []error{
		limits.Range{Min: 1, Max: MaxGames}.Check("--games", int64(f.Games)),
		limits.Threads.Check("--concurrency", int64(f.Concurrency)),
		limits.HashMB.Check("--hash", int64(f.HashMB)),
		limits.Range{Min: 0, Max: MaxNodes}.Check("--nodes", int64(f.Nodes)),
		limits.Range{Min: 0, Max: 1000}.Check("--random-plies", int64(f.RandomPlies)),
		limits.Range{Min: 1, Max: 100_000}.Check("--max-plies", int64(f.MaxPlies)),
	}
	if f.Nodes == 0 {
		checks = append(checks, limits.Depth.Check("--depth", int64(f.Depth)))
	}
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	switch {
	case f.Out == "":
		return errors.New("--out: a file name is required")
	case f.Setup != 30 && f.Setup != 25:
		return fmt.Errorf("--setup %d: must be 30 or 25", f.Setup)
	case !(f.RandomProb >= 0 && f.RandomProb <= 1):
		return fmt.Errorf("--random-prob %v: must be from 0 to 1", f.RandomProb)
	case !(f.StartShare >= 0 && f.StartShare <= 1):
		return fmt.Errorf("--start-share %v: must be from 0 to 1", f.StartShare)
	}
	return nil
}

// Config is the run f asks for, with the play positions of --starts
// (an error if it has none).
func (f *Flags) Config() (Config, error) {
	cfg := Config{
		Games: f.Games, Seed: f.Seed, Concurrency: f.Concurrency, HashMB: f.HashMB,
		Setup: f.Setup, Rules: f.Rules, RandomPlies: f.RandomPlies,
		RandomProb: f.RandomProb, MaxPlies: f.MaxPlies, StartShare: f.StartShare,
	}
	if f.Nodes > 0 {
		cfg.Limits.Nodes = uint64(f.Nodes)
	} else {
		cfg.Limits.Depth = f.Depth
	}
	if f.Starts == "" {
		return cfg, nil
	}
	file, err := wholefile.Open(f.Starts)
	if err != nil {
		return cfg, fmt.Errorf("--starts: %w", err)
	}
	ps, err := openings.Parse(file)
	file.Close()
	if err != nil {
		return cfg, fmt.Errorf("--starts %s: %w", f.Starts, err)
	}
	for _, p := range ps {
		if p.Phase() == position.Play {
			cfg.Starts = append(cfg.Starts, p)
		}
	}
	if len(cfg.Starts) == 0 {
		return cfg, fmt.Errorf("--starts %s: none of its %d positions is a play position (turn 3 on), where a game may start", f.Starts, len(ps))
	}
	return cfg, nil
}

// Runner plays a run's games into w: Run, or the games as jobs of a
// cluster.
type Runner func(ctx context.Context, cfg Config, w io.Writer, done map[uint32]bool, progress func(Stats)) (Stats, error)

// Execute opens f.Out (OpenOutput; its header names this build by its
// bench fingerprint) or, with resume, continues it, plays cfg's games by
// run until ctx ends, and writes the last line (Report) to report.
// progress, if set, gets the games done and a label at most five times a
// second, and done -1 at the end.
func (f *Flags) Execute(ctx context.Context, cfg Config, resume bool, run Runner, report io.Writer, progress func(done int, label string)) error {
	engine, err := fingerprint.Nodes()
	if err != nil {
		return fmt.Errorf("build fingerprint: %v", err)
	}
	hdr := cfg.Header(engine)
	out, done, err := OpenOutput(f.Out, &hdr, resume)
	if err != nil {
		return err
	}
	defer out.Close()
	if progress == nil {
		progress = func(int, string) {}
	}
	began := time.Now()
	last := time.Time{}
	st, err := run(ctx, cfg, out, done, func(s Stats) {
		if time.Since(last) < 200*time.Millisecond && s.Games+s.Skipped < f.Games {
			return
		}
		last = time.Now()
		rate := float64(s.Games) / max(time.Since(began).Seconds(), 1e-3)
		progress(s.Games+s.Skipped, fmt.Sprintf("games, %s, %.1f games/s", plural.Count(s.Positions, "position"), rate))
	})
	progress(-1, "")
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	Report(report, st, f.Games, ctx.Err() != nil, err)
	return err
}

// Report writes the last line of a run of games: how many are done and
// whether the run ended, was interrupted or stopped by an error.
func Report(w io.Writer, st Stats, games int, interrupted bool, err error) {
	state := "done"
	switch {
	case err != nil:
		state = "stopped by an error (once it is fixed, continue with --resume)"
	case interrupted:
		state = "interrupted (continue with --resume)"
	}
	fmt.Fprintf(w, "games %d of %d (%d from before), positions %d this run: %s\n",
		st.Games+st.Skipped, games, st.Skipped, st.Positions, state)
}

// ExactFlags are kiothi datagen exact's settings as its flags give them.
type ExactFlags struct {
	Data        []string // datagen files
	Out         string
	Lo, Hi, N   int
	Seed        uint64
	Nodes       int64
	HashMB      int
	Concurrency int
	Rules       movegen.Rules
	Exclude     map[uint64]bool // KeyWithPrisons of the positions never labelled
}

// options are the ExactOptions of f.
func (f *ExactFlags) options() ExactOptions {
	return ExactOptions{Lo: f.Lo, Hi: f.Hi, N: f.N, Seed: f.Seed, Nodes: uint64(f.Nodes),
		HashMB: f.HashMB, Concurrency: f.Concurrency, Rules: f.Rules, Exclude: f.Exclude}
}

// Check refuses a flag out of range, naming it.
func (f *ExactFlags) Check() error {
	checks := []error{
		limits.Nodes.Check("--nodes", int64(f.Nodes)),
		limits.HashMB.Check("--hash", int64(f.HashMB)),
		limits.Threads.Check("--concurrency", int64(f.Concurrency)),
		limits.Range{Min: 0, Max: MaxGames}.Check("--n", int64(f.N)),
	}
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	if len(f.Data) == 0 {
		return errors.New("--data: at least one datagen file is required")
	}
	if f.Out == "" {
		return errors.New("--out: a file name is required")
	}
	if err := limits.CheckMemory(fmt.Sprintf("--concurrency %d × --hash %d", f.Concurrency, f.HashMB), int64(f.Concurrency*f.HashMB)); err != nil {
		return err
	}
	if err := wholefile.CheckWritable(f.Out); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	o := f.options()
	return o.Check()
}

// RunExact is kiothi datagen exact once its flags are checked: it reads
// the candidates of f.Data, labels them until ctx ends (progress, if set,
// gets a line now and then), and writes f.Out whole with the exact header,
// also when ctx ended first, unless outer (the command's own context)
// ended too; progress("") says the labelling is over. It writes its
// summary lines to out.
func RunExact(ctx, outer context.Context, f *ExactFlags, out io.Writer, progress func(string)) error {
	eo := f.options()
	var files []io.Reader
	for _, name := range f.Data {
		file, err := wholefile.Open(name)
		if err != nil {
			return fmt.Errorf("--data: %w", err)
		}
		defer file.Close()
		files = append(files, file)
	}
	var st ExactStats
	cands, err := CollectExact(files, &eo, &st)
	if err != nil {
		return fmt.Errorf("--data: %w", err)
	}
	fmt.Fprintf(out, "records %d: %d with %d to %d warriors on the board, %d repeats, %d excluded; %d to label\n",
		st.Read, st.InRange, f.Lo, f.Hi, st.Duplicate, st.Excluded, st.Candidates)
	last := time.Time{}
	recs, err := LabelExact(ctx, cands, &eo, &st, func(s ExactStats) {
		if progress == nil || time.Since(last) < time.Second && s.Tried < len(cands) {
			return
		}
		last = time.Now()
		progress(fmt.Sprintf("tried %d/%d proven %d unproven %d, %.0f k solver nodes a position, %s",
			s.Tried, len(cands), s.Proven, s.Unproven, float64(s.Nodes)/1000/float64(max(s.Tried, 1)), s.Elapsed.Round(time.Second)))
	})
	if progress != nil {
		progress("")
	}
	interrupted := ctx.Err() != nil && (outer == nil || outer.Err() == nil)
	if err != nil && !interrupted {
		return err
	}
	h := record.Header{Exact: &record.ExactHeader{Lo: f.Lo, Hi: f.Hi, N: f.N, Seed: f.Seed, Nodes: uint64(f.Nodes),
		Excluded: st.Excluded, Tried: st.Tried, Unproven: st.Unproven}}
	for _, name := range f.Data {
		h.Exact.Sources = append(h.Exact.Sources, filepath.Base(name))
	}
	if err := wholefile.Write(f.Out, func(w io.Writer) error { return WriteExact(w, &h, recs) }); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	state := "done"
	if interrupted {
		state = "interrupted: the file holds the positions proven so far (there is no --resume: run it again to label them all)"
	}
	fmt.Fprintf(out, "%s: %s (%d tried, %d not proven within %d nodes) in %v: %s\n",
		f.Out, plural.Count(len(recs), "exact record"), st.Tried, st.Unproven, f.Nodes, st.Elapsed.Round(time.Second), state)
	return nil
}
