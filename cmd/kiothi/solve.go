// The solve command: the exact value of a play-phase position.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/solve"
	"github.com/kiothi/kiothi/tt"
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

func init() { register(newSolveCmd) }

func newSolveCmd(g *globalOptions) *cobra.Command {
	o := &solveOptions{}
	c := &cobra.Command{
		Use:   "solve POSITION",
		Short: "Prove the exact value of a play-phase position",
		Long: `Prove the value of a position from turn 3 on under perfect play: the final
prison difference (--objective margin) or the match points (--objective match:
1 a win, M a one-warrior win, 0 a draw, negatives for losses), from the side to
move's view. Bounds are printed on stderr as they narrow; the last line of
output is "value V pv M1 M2 ..." or, if --time-limit stops it first,
"unsolved: value in [lo, hi]". A position repeated on the line ends the game
by the repetition sweep (see package solve).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd.Context(), g, args[0]) },
	}
	f := c.Flags()
	f.IntVar(&o.threads, "threads", 1, "search threads (Lazy SMP over the shared table; measured no faster than 1 on 2 cores)")
	f.IntVar(&o.hashMB, "hash", 64, "transposition table size in MB")
	f.StringVar(&o.objective, "objective", "margin", "margin or match")
	f.IntVar(&o.multiplier, "multiplier", movegen.DefaultMultiplier, "one-warrior multiplier for --objective match (2..10)")
	f.DurationVar(&o.timeLimit, "time-limit", 0, "give up after this long (a Go duration such as 20s; 0: no limit)")
	f.StringVar(&o.table, "table", "search", "transposition table: search (the search's tt package) or simple (solve.MemTable)")
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
		opts.Objective = search.Margin
	case "match":
		opts.Objective = search.Match
		if err := movegen.CheckMultiplier(o.multiplier); err != nil {
			return fmt.Errorf("--multiplier: %v", err)
		}
	default:
		return fmt.Errorf("--objective %q: want margin or match", o.objective)
	}
	if o.threads < 1 || o.threads > 1024 {
		return fmt.Errorf("--threads %d: want 1 to 1024", o.threads)
	}
	if err := tt.CheckMB(o.hashMB); err != nil {
		return fmt.Errorf("--hash: %v", err)
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
		return fmt.Errorf("--table %q: want search or simple", o.table)
	}
	if o.timeLimit < 0 {
		return fmt.Errorf("--time-limit %v: must not be negative", o.timeLimit)
	}
	opts.Progress = func(pr solve.Progress) {
		fmt.Fprintf(g.errOut, "bounds [%d, %d] nodes %d time %v\n", pr.Lo, pr.Hi, pr.Nodes, pr.Time.Round(time.Millisecond))
	}
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	if o.timeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.timeLimit)
		defer cancel()
	}
	res, err := solve.Solve(ctx, p, opts)
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
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "value %d pv", res.Value)
	for _, m := range res.PV {
		b.WriteString(" " + m.String())
	}
	fmt.Fprintln(g.out, b.String())
	return nil
}
