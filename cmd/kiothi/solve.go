// The solve command: the exact value of a play-phase position.

package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/settings"
	"github.com/kiothi/kiothi/solve"
	"github.com/spf13/cobra"
)

// solveFlags are the flags of solve.Flags' fields, as its errors name
// them.
var solveFlags = map[string]string{"Threads": "--threads", "HashMB": "--hash", "Objective": "--objective",
	"Multiplier": "--multiplier", "TimeLimit": "--time-limit", "Table": "--table", "EGDB": "--egdb"}

func newSolveCmd(g *globalOptions) *cobra.Command {
	o := &solve.Flags{}
	var moves, asJSON bool
	c := &cobra.Command{
		Use:   "solve POSITION",
		Short: "Prove the exact value of a play-phase position",
		Long: `Prove the value of a position from turn 3 on under perfect play: the final
prison difference (--objective margin) or the match points (--objective match:
1 a win, M a one-warrior win, 0 a draw, negatives for losses), from the side to
move's view. Bounds are printed on stderr as they narrow; the last line of
output is "value V pv M1 M2 ..." or, if --time-limit or Ctrl-C stops it
first, "unsolved: value in [lo, hi]" with exit status 2. On a terminal the
bounds, nodes and time are redrawn on one line while it works. A position
repeated on the line ends the game by the repetition sweep. A position with
no legal move is already decided: its value is printed with the result.

With --moves, every legal move's exact value is proven (one table and one
search for all): a line each, best first, "move M value V" (the value after
the move, from the side to move's view, so the best move's is the
position's) or "move M unsolved [lo, hi]" when --time-limit stops it first
(exit status 2), then the position's line. --json writes the same as one
object. With --worse-bound a move worse than the best gets only the bound
one test proves, "move M worse: at most H": far cheaper than its exact
value.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSolve(cmd.Context(), g, o, args[0], moves, asJSON)
		},
	}
	f := c.Flags()
	settings.Flag(f, settings.Threads, &o.Threads, "search threads sharing one table")
	settings.FlagDefault(f, settings.Hash, &o.HashMB, strconv.Itoa(limits.SolveHashMB), "")
	settings.Flag(f, settings.Objective, &o.Objective, "margin or match")
	settings.Flag(f, settings.Multiplier, &o.Multiplier, "one-warrior multiplier for --objective match (2..10)")
	durationVar(f, &o.TimeLimit, "time-limit", 0, "give up after this long (0: no limit)")
	settings.Flag(f, settings.EGDB, &o.EGDB, "")
	f.BoolVar(&moves, "moves", false, "prove every legal move's value, best first")
	f.BoolVar(&asJSON, "json", false, "with --moves: write one JSON object")
	f.BoolVar(&o.WorseBound, "worse-bound", false, "with --moves: prove only that the moves worse than the best are worse (a bound, far cheaper)")
	f.StringVar(&o.Table, "table", "search", "transposition table: search (the engine's, bucketed) or simple (one entry a slot)")
	return c
}

func runSolve(ctx context.Context, g *globalOptions, f *solve.Flags, arg string, moves, asJSON bool) error {
	p, err := parsePosition(arg)
	if err != nil {
		return err
	}
	f.Rules = g.rules()
	status := newStatusLine(g.errOut)
	ctx, stop := interruptible(ctx)
	defer stop()
	st := solve.Status{Show: status.show, Every: status.every(), Done: status.clear}
	switch {
	case moves:
		err = f.RunMoves(ctx, p, g.out, g.errOut, st, asJSON)
	case asJSON || f.WorseBound:
		err = fmt.Errorf("--json and --worse-bound: only with --moves")
	default:
		err = f.Run(ctx, p, g.out, g.errOut, st)
	}
	if errors.Is(err, solve.ErrUnsolved) {
		return &exitError{code: 2, err: err}
	}
	return flagWords(err, solveFlags)
}
