// The datagen exact command: positions of data files labelled with their
// value proven by the solver (package datagen's LabelExact).

package main

import (
	"fmt"
	"strconv"

	"github.com/kiothi/kiothi/accuracy"
	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

type datagenExactOptions struct {
	datagen.ExactFlags
	exclude []string
}

func newDatagenExactCmd(g *globalOptions) *cobra.Command {
	o := &datagenExactOptions{}
	c := &cobra.Command{
		Use:   "exact --data FILE [--data FILE...] --out FILE [--lo N --hi N] [--n N] [--nodes N]",
		Short: "Label positions of data files with their value proven by the solver",
		Long: `Read the positions of datagen files with --lo to --hi warriors on the
board, drop repeats and those of the --exclude accuracy sets (each set
position and the position after each of its moves), shuffle them by --seed
and take --n; prove each one's value with the solver (margin objective, no
history: the final prison difference under perfect play, side to move's
view), within --nodes solver nodes a position: one not proven is dropped
and counted. Write the proven ones to --out as a datagen file whose header
says it holds exact labels: each record's search score is 100 × the value
and its final margin the value, so kiothi train and tune read it with the
exact value as the target whatever --lambda. The output depends on the
files and flags only, not on --concurrency. The file is written whole at
the end (also after Ctrl-C, with the positions labelled by then); a
progress line goes to standard error.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd, g) },
	}
	f := c.Flags()
	f.StringSliceVar(&o.Data, "data", nil, "datagen files to take positions from (repeat or comma-separate)")
	f.StringSliceVar(&o.exclude, "exclude", nil, "accuracy set files whose positions are never labelled")
	f.StringVar(&o.Out, "out", "", "the data file to write (required)")
	f.IntVar(&o.Lo, "lo", 12, "fewest warriors on the board")
	f.IntVar(&o.Hi, "hi", 22, "most warriors on the board")
	f.IntVar(&o.N, "n", 10000, "positions to try (0: all)")
	f.Uint64Var(&o.Seed, "seed", 1, "seed of the shuffle that picks the positions")
	f.Int64Var(&o.Nodes, "nodes", 2_000_000, "solver nodes a position may take")
	settings.FlagDefault(f, settings.Hash, &o.HashMB, strconv.Itoa(datagen.DefaultExactHashMB), "solver table in MB a position solved at once")
	f.IntVar(&o.Concurrency, "concurrency", defaultThreads(), "positions solved at once")
	return c
}

func (o *datagenExactOptions) run(cmd *cobra.Command, g *globalOptions) error {
	o.Rules = g.rules()
	if err := o.Check(); err != nil {
		return err
	}
	var err error
	if o.Exclude, err = accuracy.FileKeys(o.exclude, g.rules()); err != nil {
		return fmt.Errorf("--exclude: %w", err)
	}
	ctx, stop := interruptible(cmd.Context())
	defer stop()
	return datagen.RunExact(ctx, cmd.Context(), &o.ExactFlags, g.out, statusFunc(newStatusLine(g.errOut)))
}
