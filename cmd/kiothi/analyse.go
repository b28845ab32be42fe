// The analyse command: search a position and print UCI-style info lines.

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type analyseOptions struct {
	depth      int
	movetime   time.Duration
	nodes      uint64
	infinite   bool
	threads    int
	hash       int
	multipv    int
	moves      []string
	json       bool
	objective  string
	multiplier int
	book       bookFlags
}

// hashFlag is the table size flag's name (its default depends on the
// limits: limits.AnalysisHash).
const hashFlag = "hash"

// The depth searched when no limit is given: at the opening each level
// costs about 2.5 times the one before (depth 7 takes some 10 s at turn 1).
const (
	defaultAnalyseDepth = 12
	defaultOpeningDepth = 6
)

func newAnalyseCmd(g *globalOptions) *cobra.Command {
	o := &analyseOptions{}
	c := &cobra.Command{
		Use:   "analyse POSITION [MOVE...]",
		Short: "Search a position and print info lines (scores in centi-warriors), then the best move",
		Long: `Search POSITION (a position string, startpos or startpos25), after the
given moves if any, and print UCI-style lines as the search deepens, and
a last one with the totals when a limit stops an iteration part-way:

  info depth D seldepth S multipv K score cp X nodes N nps N hashfull H time MS pv M1 M2 ...

then "bestmove M" (and "ponder M" when the line has a reply). score cp X is
the expected final margin in centi-warriors from the side to move's view. A
game value the search has proven is shown as "score proven V": the side to
move can force a final margin of at least V warriors (V > 0), or the
opponent can force at least -V (V < 0); with --objective match, V is in
match points. Without a limit the search runs to depth 12 (6 at turns 1
and 2, where each depth costs about 2.5 times the one before). --infinite
searches until Ctrl-C. --json prints one JSON object a line instead.
With --multipv K each depth prints K lines, best first; the last lines
before bestmove are a completed depth's, the played move's first. At
turns 1 and 2 they are redistributions in the order of preference: one
is preferred to putting the warriors back only when it scores more than
0.20 above it (the put-back can come above one that scored up to 0.20 more).
With --book FILE, a position in the book is not searched: its book moves
are listed as "info string book <move> weight W value V depth D count C"
and the book's choice (the best, or by weight with --book-random) is the
bestmove; see docs/book.md.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAnalyse(cmd, g, o, args)
		},
	}
	o.addFlags(c.Flags())
	addBookFlags(c, &o.book)
	return c
}

// addFlags declares analyse's search flags on f.
func (o *analyseOptions) addFlags(f *pflag.FlagSet) {
	f.IntVar(&o.depth, "depth", 0, "search to this depth")
	durationVar(f, &o.movetime, "movetime", 0, "search this long")
	f.Uint64Var(&o.nodes, "nodes", 0, "search about this many nodes")
	f.BoolVar(&o.infinite, "infinite", false, "search until interrupted (Ctrl-C)")
	f.IntVar(&o.threads, "threads", 1, "search threads")
	f.IntVar(&o.hash, hashFlag, limits.DefaultHashMB, fmt.Sprintf("transposition table size in MB (%d MB for --infinite or --movetime of %v or more, as memory allows)", limits.AnalysisHashMB, limits.LongAnalysisTime))
	f.IntVar(&o.multipv, "multipv", 1, "number of best lines to show")
	f.StringSliceVar(&o.moves, "moves", nil, "moves to play from POSITION first (comma separated; also accepted as arguments)")
	f.BoolVar(&o.json, "json", false, "print JSON lines instead of text")
	f.StringVar(&o.objective, "objective", "margin", "what to maximise: margin or match")
	f.IntVar(&o.multiplier, "multiplier", movegen.DefaultMultiplier, "one-warrior win multiplier for --objective match (2..10)")
}

// parsePositionArgs reads the position from the first argument, or from
// the first four when it was given unquoted; the rest are moves.
func parsePositionArgs(args []string) (position.Position, []string, error) {
	p, err := parsePosition(args[0])
	if err == nil {
		return p, args[1:], nil
	}
	if len(args) >= 4 {
		if q, err2 := parsePosition(strings.Join(args[:4], " ")); err2 == nil {
			return q, args[4:], nil
		}
	}
	return p, nil, err
}

// searchSetup is what analyse and similar commands need to search.
type searchSetup struct {
	game    *movegen.Game
	limits  search.Limits
	options search.Options
}

func (o *analyseOptions) setup(f *pflag.FlagSet, g *globalOptions, args []string) (*searchSetup, error) {
	p, moves, err := parsePositionArgs(args)
	if err != nil {
		return nil, err
	}
	moves = append(moves, o.moves...)
	game, err := playMoves(p, g.rules(), moves)
	if err != nil {
		return nil, err
	}
	set := 0
	for _, name := range []string{"depth", "movetime", "nodes"} {
		if f.Changed(name) {
			set++
		}
	}
	if o.infinite {
		set++
	}
	if set > 1 {
		return nil, errors.New("give at most one of --depth, --movetime, --nodes and --infinite")
	}
	if !f.Changed(hashFlag) {
		o.hash = limits.AnalysisHash(limits.LongAnalysis(o.infinite, o.movetime), 1, o.threads)
	}
	for _, err := range []error{
		checkFlag(f, "depth", limits.Depth, int64(o.depth)),
		checkTimeFlag(f, "movetime", limits.MoveTimeMS, o.movetime),
		checkFlag(f, "nodes", limits.Nodes, int64(min(o.nodes, 1<<63-1))),
		limits.Threads.Check("--threads", int64(o.threads)),
		limits.HashMB.Check("--hash", int64(o.hash)),
		limits.MultiPV.Check("--multipv", int64(o.multipv)),
		limits.CheckMemory(fmt.Sprintf("--hash %d with --threads %d", o.hash, o.threads), limits.EngineMB(o.threads, o.hash)),
	} {
		if err != nil {
			return nil, err
		}
	}
	var obj movegen.Objective
	switch o.objective {
	case "margin":
		obj = movegen.Margin
	case "match":
		obj = movegen.Match
	default:
		return nil, fmt.Errorf("--objective %s: must be margin or match", excerpt.Quote(o.objective))
	}
	if err := movegen.CheckMultiplier(o.multiplier); err != nil {
		return nil, fmt.Errorf("--multiplier: %v", err)
	}
	l := search.Limits{
		Depth: o.depth, Nodes: o.nodes, Infinite: o.infinite,
		MoveTime: o.movetime,
	}
	if set == 0 {
		l.Depth = defaultAnalyseDepth
		if p := game.Current(); p.Phase() != position.Play {
			l.Depth = defaultOpeningDepth
		}
	}
	return &searchSetup{
		game:   game,
		limits: l,
		options: search.Options{
			Threads: o.threads, HashMB: o.hash, MultiPV: o.multipv, Rules: g.rules(),
			Objective: obj, Multiplier: o.multiplier,
		},
	}, nil
}

func runAnalyse(cmd *cobra.Command, g *globalOptions, o *analyseOptions, args []string) error {
	su, err := o.setup(cmd.Flags(), g, args)
	if err != nil {
		return err
	}
	if out, over := su.game.Over(); over {
		return fmt.Errorf("the game is over (%s, %d-%d): nothing to analyse", out.Winner(), out.South, out.North)
	}
	if inBook, err := analyseBook(g, o, su); inBook || err != nil {
		return err
	}
	eng, err := search.NewEngine(su.options)
	if err != nil {
		return err
	}
	ctx, stop := interruptible(cmd.Context())
	defer stop()
	if !o.json {
		// The page and play show warriors; the info lines keep UCI's cp.
		fmt.Fprintln(g.errOut, "kiothi: score cp X is in centi-warriors (cp 100 = one warrior), from the side to move's view")
	}
	info := func(in search.Info) { writeInfo(g.out, in, o.json) }
	res := eng.Search(ctx, su.game.Current(), su.game.History(), su.limits, info)
	return writeBest(g.out, res, o.json)
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

func writeInfo(w io.Writer, in search.Info, asJSON bool) {
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

func writeBest(w io.Writer, res search.Result, asJSON bool) error {
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
