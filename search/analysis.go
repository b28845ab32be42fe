// kiothi analyse as its flags give it (Analysis): the limits and options checked (errors name Analysis's fields, internal/named), the default depth, and the info and bestmove lines written as text or JSON.

package search

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/named"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// The depth analysed when no limit is given: at the opening each level
// costs about 2.5 times the one before (depth 7 takes some 10 s at turn 1).
const (
	DefaultAnalyseDepth = 12
	DefaultOpeningDepth = 6
)

// Analysis is kiothi analyse's settings as its flags give them. Its
// errors name its fields (named.N), which the command words as its flags.
type Analysis struct {
	Depth                    int
	MoveTime                 time.Duration
	Nodes                    uint64
	Infinite                 bool
	Threads, HashMB, MultiPV int
	JSON                     bool
	Objective                movegen.Objective
	Multiplier               int
	Rules                    movegen.Rules
	// The settings given: a limit given is checked, and at most one may
	// be; without HashMB the table is limits.AnalysisHash's.
	DepthGiven, MoveTimeGiven, NodesGiven, HashGiven bool
}

// Setup checks a, naming the field, and returns the limits and options
// of the search from cur: without a limit, DefaultAnalyseDepth (or
// DefaultOpeningDepth at the opening). It sets a.HashMB when HashGiven
// is not set.
func (a *Analysis) Setup(cur position.Position) (Limits, Options, error) {
	l, o, err := a.setup(cur)
	return l, o, named.Wrap(err)
}

func (a *Analysis) setup(cur position.Position) (Limits, Options, error) {
	set := 0
	for _, given := range []bool{a.DepthGiven, a.MoveTimeGiven, a.NodesGiven, a.Infinite} {
		if given {
			set++
		}
	}
	if set > 1 {
		return Limits{}, Options{}, fmt.Errorf("give at most one of %s, %s, %s and %s", named.N("Depth"), named.N("MoveTime"), named.N("Nodes"), named.N("Infinite"))
	}
	if !a.HashGiven {
		a.HashMB = limits.AnalysisHash(limits.LongAnalysis(a.Infinite, a.MoveTime), 1, a.Threads)
	}
	checks := []error{
		limits.Threads.Check(named.N("Threads"), int64(a.Threads)),
		limits.HashMB.Check(named.N("HashMB"), int64(a.HashMB)),
		limits.MultiPV.Check(named.N("MultiPV"), int64(a.MultiPV)),
		limits.CheckMemory(fmt.Sprintf("%s %d with %s %d", named.N("HashMB"), a.HashMB, named.N("Threads"), a.Threads), limits.EngineMB(a.Threads, a.HashMB)),
	}
	if a.NodesGiven {
		checks = append([]error{limits.Nodes.Check(named.N("Nodes"), int64(min(a.Nodes, 1<<63-1)))}, checks...)
	}
	if a.MoveTimeGiven {
		checks = append([]error{limits.MoveTimeMS.CheckDuration(named.N("MoveTime"), a.MoveTime)}, checks...)
	}
	if a.DepthGiven {
		checks = append([]error{limits.Depth.Check(named.N("Depth"), int64(a.Depth))}, checks...)
	}
	for _, err := range checks {
		if err != nil {
			return Limits{}, Options{}, err
		}
	}
	if err := movegen.CheckMultiplier(a.Multiplier); err != nil {
		return Limits{}, Options{}, fmt.Errorf("%s: %v", named.N("Multiplier"), err)
	}
	l := Limits{Depth: a.Depth, Nodes: a.Nodes, Infinite: a.Infinite, MoveTime: a.MoveTime}
	if set == 0 {
		l.Depth = DefaultAnalyseDepth
		if cur.Phase() != position.Play {
			l.Depth = DefaultOpeningDepth
		}
	}
	return l, Options{Threads: a.Threads, HashMB: a.HashMB, MultiPV: a.MultiPV, Rules: a.Rules,
		Objective: a.Objective, Multiplier: a.Multiplier}, nil
}

// Run searches game's position with l and o, writing each info line and
// the bestmove to out (text or JSON) and, on errOut, in text the note on
// scores, then the endgame database it reads (egdb.Says), and after the
// search what it says of that database when its file changed (Result.Note).
func (a *Analysis) Run(ctx context.Context, out, errOut io.Writer, game *movegen.Game, l Limits, o Options) error {
	eng, err := NewEngine(o)
	if err != nil {
		return err
	}
	if !a.JSON {
		// The page and play show warriors; the info lines keep UCI's cp.
		fmt.Fprintln(errOut, "kiothi: score cp X is in centi-warriors (cp 100 = one warrior), from the side to move's view")
	}
	fmt.Fprintln(errOut, "kiothi: "+egdb.Says(o.DB))
	info := func(in Info) { WriteInfo(out, in, a.JSON) }
	res := eng.Search(ctx, game.Current(), game.History(), l, info)
	if res.Note != "" {
		fmt.Fprintln(errOut, "kiothi: "+res.Note)
	}
	return WriteBest(out, res, a.JSON)
}

func movesText(pv []position.GameMove) []string {
	s := make([]string, len(pv))
	for i, m := range pv {
		s[i] = m.String()
	}
	return s
}

// jsonInfo is one --json info line.
type jsonInfo struct {
	Type     string   `json:"type"`
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth"`
	MultiPV  int      `json:"multipv"`
	ScoreCP  int      `json:"cp"`     // centi-warriors (or centi-points), side to move's view
	Proven   bool     `json:"proven"` // cp is a proven game value (a multiple of 100)
	Nodes    uint64   `json:"nodes"`
	NPS      uint64   `json:"nps"`
	Hashfull int      `json:"hashfull"`
	TimeMS   int64    `json:"time"`
	PV       []string `json:"pv"`
}

// jsonBest is the final --json line.
type jsonBest struct {
	Type     string   `json:"type"`
	BestMove string   `json:"bestmove"`
	Ponder   string   `json:"ponder,omitempty"`
	ScoreCP  int      `json:"cp"`
	Proven   bool     `json:"proven"`
	Depth    int      `json:"depth"`
	Nodes    uint64   `json:"nodes"`
	PV       []string `json:"pv"`
}

// WriteInfo writes in as one line: Info.String, or a JSON object.
func WriteInfo(w io.Writer, in Info, asJSON bool) {
	if asJSON {
		b, _ := json.Marshal(jsonInfo{
			Type: "info", Depth: in.Depth, SelDepth: in.SelDepth, MultiPV: in.MultiPV,
			ScoreCP: in.Score, Proven: in.Proven, Nodes: in.Nodes, NPS: in.NPS, Hashfull: in.Hashfull,
			TimeMS: in.Time.Milliseconds(), PV: movesText(in.PV),
		})
		fmt.Fprintf(w, "%s\n", b)
		return
	}
	fmt.Fprintln(w, in.String())
}

// WriteBest writes res's bestmove line (with its ponder move when the
// line has a reply), as text or a JSON object; an error when res has no
// move.
func WriteBest(w io.Writer, res Result, asJSON bool) error {
	if !res.HasMove {
		return fmt.Errorf("the side to move has no legal move (the game is over)")
	}
	ponder := ""
	if len(res.PV) > 1 {
		ponder = res.Ponder.String()
	}
	if asJSON {
		b, _ := json.Marshal(jsonBest{
			Type: "bestmove", BestMove: res.Best.String(), Ponder: ponder, ScoreCP: res.Score, Proven: res.Proven,
			Depth: res.Depth, Nodes: res.Nodes, PV: movesText(res.PV),
		})
		_, err := fmt.Fprintf(w, "%s\n", b)
		return err
	}
	if ponder != "" {
		_, err := fmt.Fprintf(w, "bestmove %s ponder %s\n", res.Best, ponder)
		return err
	}
	_, err := fmt.Fprintf(w, "bestmove %s\n", res.Best)
	return err
}
