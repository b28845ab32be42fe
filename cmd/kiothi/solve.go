// The solve command: the exact value of a play-phase position.

package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/solve"
	"github.com/spf13/cobra"
)

type solveOptions struct {
	threads    int
	hashMB     int
	objective  string
	multiplier int
	timeLimit  time.Duration
	table      string
}

func newSolveCmd(g *globalOptions) *cobra.Command {
	o := &solveOptions{}
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
no legal move is already decided: its value is printed with the result.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd.Context(), g, args[0]) },
	}
	f := c.Flags()
	f.IntVar(&o.threads, "threads", 1, "search threads sharing one table")
	f.IntVar(&o.hashMB, "hash", limits.SolveHashMB, "transposition table size in MB")
	f.StringVar(&o.objective, "objective", "margin", "margin or match")
	f.IntVar(&o.multiplier, "multiplier", movegen.DefaultMultiplier, "one-warrior multiplier for --objective match (2..10)")
	durationVar(f, &o.timeLimit, "time-limit", 0, "give up after this long (0: no limit)")
	f.StringVar(&o.table, "table", "search", "transposition table: search (the engine's, bucketed) or simple (one entry a slot)")
	return c
}

func (o *solveOptions) run(ctx context.Context, g *globalOptions, arg string) error {
	p, err := parsePosition(arg)
	if err != nil {
		return err
	}
	if p.Phase() != position.Play {
		return fmt.Errorf("solve: %v", solve.ErrOpening)
	}
	opts := solve.Options{Rules: g.rules(), Threads: o.threads, HashMB: o.hashMB, Multiplier: o.multiplier}
	switch o.objective {
	case "margin":
		opts.Objective = movegen.Margin
	case "match":
		opts.Objective = movegen.Match
		if err := movegen.CheckMultiplier(o.multiplier); err != nil {
			return fmt.Errorf("--multiplier: %v", err)
		}
	default:
		return fmt.Errorf("--objective %s: want margin or match", excerpt.Quote(o.objective))
	}
	for _, err := range []error{
		limits.Threads.Check("--threads", int64(o.threads)),
		limits.HashMB.Check("--hash", int64(o.hashMB)),
		limits.CheckMemory(fmt.Sprintf("--hash %d with --threads %d", o.hashMB, o.threads), limits.EngineMB(o.threads, o.hashMB)),
	} {
		if err != nil {
			return err
		}
	}
	if !movegen.HasMove(&p, g.rules()) {
		// Decided already: the sweep's tally is the value.
		out := movegen.NoMoveOutcome(&p)
		v := out.South - out.North
		if p.Side() == position.North {
			v = -v
		}
		if o.objective == "match" {
			v = movegen.MatchPoints(v, o.multiplier)
		}
		who := out.Winner() + " wins"
		if out.Winner() == "draw" {
			who = "a draw"
		}
		fmt.Fprintf(g.out, "value %d (the game is over: %d-%d, %s)\n", v, out.South, out.North, who)
		return nil
	}
	switch o.table {
	case "search":
		st, err := solve.NewSearchTable(o.hashMB)
		if err != nil {
			return fmt.Errorf("--hash: %v", err)
		}
		opts.Table = st
	case "simple":
		opts.Table = solve.NewMemTable(o.hashMB)
	default:
		return fmt.Errorf("--table %s: want search or simple", excerpt.Quote(o.table))
	}
	if o.timeLimit < 0 {
		return fmt.Errorf("--time-limit %v: must not be negative", o.timeLimit)
	}
	status := newStatusLine(g.errOut)
	opts.Progress = func(pr solve.Progress) {
		status.show(fmt.Sprintf("bounds [%d, %d] nodes %d time %v", pr.Lo, pr.Hi, pr.Nodes, pr.Time.Round(time.Millisecond)))
	}
	opts.ProgressEvery = status.every()
	ctx, stop := interruptible(ctx)
	defer stop()
	if o.timeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.timeLimit)
		defer cancel()
	}
	res, err := solve.Solve(ctx, p, opts)
	status.clear()
	if err != nil {
		if errors.Is(err, solve.ErrOpening) {
			return fmt.Errorf("solve: %v", err)
		}
		return err
	}
	nps := uint64(0)
	if s := res.Time.Seconds(); s > 0 {
		nps = uint64(float64(res.Nodes) / s)
	}
	fmt.Fprintf(g.errOut, "nodes %d time %v nps %d\n", res.Nodes, res.Time.Round(time.Millisecond), nps)
	if !res.Exact {
		fmt.Fprintf(g.out, "unsolved: value in [%d, %d]\n", res.Lo, res.Hi)
		return &exitError{code: 2, err: fmt.Errorf("not solved after %v: allow more with --time-limit (0: no limit), or a larger --hash", res.Time.Round(time.Millisecond))}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "value %d pv", res.Value)
	for _, m := range res.PV {
		b.WriteString(" " + m.String())
	}
	fmt.Fprintln(g.out, b.String())
	return nil
}
