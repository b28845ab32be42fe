// The analyse command: search a position and print UCI-style info lines.

package main

import (
	"fmt"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// analyseOptions are kiothi analyse's flags: search.Analysis's, the
// moves and the book's.
type analyseOptions struct {
	search.Analysis
	moves []string
	book  bookFlags
	egdb  string // endgame database: FILE, auto or none
}

// analyseFlags are the flags of search.Analysis's fields, as its errors
// name them.
var analyseFlags = map[string]string{"Depth": "--depth", "MoveTime": "--movetime", "Nodes": "--nodes", "Infinite": "--infinite",
	"Threads": "--threads", "HashMB": "--hash", "MultiPV": "--multipv", "Multiplier": "--multiplier"}

// hashFlag is the table size flag's name (its default depends on the
// limits: limits.AnalysisHash).
var hashFlag = settings.Hash.Key

func newAnalyseCmd(g *globalOptions) *cobra.Command {
	o := &analyseOptions{}
	c := &cobra.Command{
		Use:   "analyse POSITION [MOVE...]",
		Short: "Search a position and print info lines (scores in centi-warriors), then the best move",
		Long: `Search POSITION (a position string, startpos or startpos25), after the
given moves if any, and print UCI-style lines as each depth completes,
and the played depth's lines again with the totals when a limit stops
an iteration part-way:

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
	f.IntVar(&o.Depth, "depth", 0, "search to this depth")
	durationVar(f, &o.MoveTime, "movetime", 0, "search this long")
	f.Uint64Var(&o.Nodes, "nodes", 0, "search about this many nodes")
	f.BoolVar(&o.Infinite, "infinite", false, "search until interrupted (Ctrl-C)")
	settings.Flag(f, settings.Threads, &o.Threads, "")
	settings.Flag(f, settings.Hash, &o.HashMB, fmt.Sprintf("transposition table size in MB (%d MB for --infinite or --movetime of %v or more, as memory allows)", limits.AnalysisHashMB, limits.LongAnalysisTime))
	settings.Flag(f, settings.MultiPV, &o.MultiPV, "")
	f.StringSliceVar(&o.moves, "moves", nil, "moves to play from POSITION first (comma separated; also accepted as arguments)")
	f.BoolVar(&o.JSON, "json", false, "print JSON lines instead of text")
	settings.Flag(f, settings.Objective, &o.Objective, "")
	settings.Flag(f, settings.Multiplier, &o.Multiplier, "one-warrior win multiplier for --objective match (2..10)")
	settings.Flag(f, settings.EGDB, &o.egdb, "")
}

// searchSetup is what analyse and similar commands need to search.
type searchSetup struct {
	game    *movegen.Game
	limits  search.Limits
	options search.Options
}

// setup reads the position and moves of args and --moves, and the
// search the flags describe (search.Analysis.Setup).
func (o *analyseOptions) setup(f *pflag.FlagSet, g *globalOptions, args []string) (*searchSetup, error) {
	p, moves, err := parsePositionArgs(args)
	if err != nil {
		return nil, err
	}
	game, err := playMoves(p, g.rules(), append(moves, o.moves...))
	if err != nil {
		return nil, err
	}
	o.Rules = g.rules()
	o.DepthGiven, o.MoveTimeGiven, o.NodesGiven, o.HashGiven = f.Changed("depth"), f.Changed("movetime"), f.Changed("nodes"), f.Changed(hashFlag)
	l, opts, err := o.Setup(game.Current())
	if err != nil {
		return nil, flagWords(err, analyseFlags)
	}
	if opts.DB, err = egdb.OpenFor(o.egdb, o.Rules); err != nil {
		return nil, fmt.Errorf("--%s: %v", settings.EGDB.FlagName(), err)
	}
	return &searchSetup{game: game, limits: l, options: opts}, nil
}

func runAnalyse(cmd *cobra.Command, g *globalOptions, o *analyseOptions, args []string) error {
	su, err := o.setup(cmd.Flags(), g, args)
	if err != nil {
		return err
	}
	if out, over := su.game.Over(); over {
		return fmt.Errorf("the game is over (%s, %d-%d): nothing to analyse", out.Winner(), out.South, out.North)
	}
	if o.book.path != "" { // a position in the book: its moves and choice, no search
		pl, err := o.book.open(su.game.Start, su.game.Rules)
		if err != nil {
			return err
		}
		if inBook, err := pl.WriteAnalysis(g.out, su.game.Current(), su.game.Rules, o.JSON); inBook || err != nil {
			return err
		}
	}
	listen := interruptible
	if o.Infinite {
		listen = stoppable // Ctrl-C is how an infinite analysis ends
	}
	ctx, stop := listen(cmd.Context())
	defer stop()
	return o.Run(ctx, g.out, g.errOut, su.game, su.limits, su.options)
}
