// The egdb command: endgame databases, built, checked and described.

package main

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/solve"
	"github.com/spf13/cobra"
)

// egdbFlags are the flags of egdb.BuildFlags' and egdb.VerifyFlags'
// fields, as their errors name them.
var egdbFlags = map[string]string{"Max": "--max", "Out": "--out", "From": "--from", "Positions": "--positions", "Sample": "--sample"}

func newEgdbCmd(g *globalOptions) *cobra.Command {
	c := &cobra.Command{
		Use:   "egdb",
		Short: "Build, verify and describe endgame databases",
		Long: `An endgame database holds the exact value (margin objective) of every play
position of up to --max warriors on the board without nki marks, for one rule
set (the global --free-first-lap). kiothi solve --egdb FILE and the engines
(setting egdb) read it; see docs/solve.md for sizes and build times.`,
	}
	c.AddCommand(newEgdbBuildCmd(g), newEgdbVerifyCmd(g), newEgdbInfoCmd(g))
	return c
}

func newEgdbBuildCmd(g *globalOptions) *cobra.Command {
	o := &egdb.BuildFlags{}
	c := &cobra.Command{
		Use:     "build --out FILE [--max N]",
		Short:   "Build the layers 0..N and write them to FILE",
		Example: "  kiothi egdb build --out egdb13.kdb\n  kiothi egdb build --from egdb13.kdb --out egdb14.kdb --max 14",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.Rules = g.rules()
			if err := o.Check(); err != nil {
				return flagWords(err, egdbFlags)
			}
			ctx, stop := interruptible(contextOrBackground(cmd.Context()))
			defer stop()
			return flagWords(o.Run(ctx, g.errOut), egdbFlags)
		},
	}
	c.Flags().IntVar(&o.Max, "max", egdb.DefaultMax, "the most warriors on the board to cover")
	c.Flags().StringVar(&o.Out, "out", "", "the database file to write")
	c.Flags().StringVar(&o.From, "from", "", "a database file whose layers are kept (the build goes on from its last)")
	return c
}

func newEgdbVerifyCmd(g *globalOptions) *cobra.Command {
	o := &egdb.VerifyFlags{}
	c := &cobra.Command{
		Use:   "verify FILE [--positions K] [--seed S]",
		Short: "Check a database against kiothi solve on random positions",
		Long: `Check that every entry is a value its layer can have (with --sample N, N
seeded random entries of each layer), then solve K seeded random positions of
the database's three top layers (no nki marks, random prisons, either side to
move) and compare each value with the database's. Exits with status 1 on any
disagreement. What this proves and what it does not: docs/solve.md.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.File = args[0]
			ctx, stop := interruptible(contextOrBackground(cmd.Context()))
			defer stop()
			return flagWords(verifyGuarded(ctx, o, g.out, g.errOut), egdbFlags)
		},
	}
	c.Flags().IntVar(&o.Positions, "positions", 200, "positions to solve")
	c.Flags().Uint64Var(&o.Seed, "seed", 1, "seed of the random positions (and of --sample's entries)")
	c.Flags().IntVar(&o.Sample, "sample", 0, "check this many seeded random entries of each layer, not every entry (seconds: make egdb runs it after a build)")
	return c
}

// verifyGuarded is o.Run with a fault reading the database's mapping
// (its file cut or rewritten during the check: egdb.Recovered) turned
// into an error naming the file. Run reads the mapping on this goroutine
// only (the solver it calls has its own guard).
func verifyGuarded(ctx context.Context, o *egdb.VerifyFlags, out, log io.Writer) (err error) {
	defer func(old bool) {
		debug.SetPanicOnFault(old)
		if ferr := egdb.Recovered(recover()); ferr != nil {
			err = fmt.Errorf("verify stopped: %v", ferr)
		}
	}(debug.SetPanicOnFault(true))
	return o.Run(ctx, solveMargin, out, log)
}

// solveMargin is egdb verify's solver: kiothi solve's, one thread, no
// database.
func solveMargin(ctx context.Context, p position.Position, r movegen.Rules) (int, error) {
	res, err := solve.Solve(ctx, p, solve.Options{Rules: r, Objective: movegen.Margin})
	if err == nil && !res.Exact {
		err = fmt.Errorf("%s: stopped before its value", p)
	}
	return res.Value, err
}

func newEgdbInfoCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "info [FILE]",
		Short: "Describe a database: its rules, layers and how many values each knows",
		Long: `Describe a database: its rules, layers and how many values each knows.
Without FILE, the one the egdb setting's default (auto) reads: kiothi.egdb
beside this program, or the database built into it.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var d *egdb.DB
			var err error
			switch path, there := egdb.AutoPath(); {
			case len(args) == 1:
				d, err = egdb.ReadFile(args[0])
			case there:
				fmt.Fprintf(g.out, "auto: %s\n", path)
				d, err = egdb.ReadFile(path)
			default:
				fmt.Fprintf(g.out, "auto: the built-in database (no %s)\n", path)
				d, err = egdb.Embedded()
			}
			if err != nil {
				return err
			}
			egdb.Info(g.out, d)
			return nil
		},
	}
}
