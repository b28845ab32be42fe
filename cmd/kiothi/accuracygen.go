// The accuracy generate command: a new accuracy set from seeded games
// (package accuracy).

package main

import (
	"strconv"

	"github.com/kiothi/kiothi/accuracy"
	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

func newAccuracyGenerateCmd(g *globalOptions) *cobra.Command {
	o := &accuracy.GenerateFlags{}
	c := &cobra.Command{
		Use:   "generate --out FILE",
		Short: "Make an accuracy set: positions from seeded games, every move proven",
		Long: `Play seeded self-play games (the standard setup, every fourth from variant
25, random redistributions, then depth-3 searches with 15% random moves) and
take up to one position a game with --lo to --hi warriors on the board; prove
every legal move's value with the solver (margin objective, no history) and
keep the positions whose moves differ in value, until --n are kept. A
position the solver does not prove within --nodes (all its moves together)
is dropped; the file's header counts the positions dropped, which are the
harder ones. The output depends on the flags only (a node bound, not a time
limit). The file is rewritten after each kept position, so a run stopped
early leaves a valid set; a progress line goes to standard error.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runAccuracyGenerate(cmd, g, o) },
	}
	f := c.Flags()
	f.IntVar(&o.Lo, "lo", 20, "fewest warriors on the board")
	f.IntVar(&o.Hi, "hi", 26, "most warriors on the board")
	f.IntVar(&o.N, "n", 150, "positions to keep")
	f.Uint64Var(&o.Seed, "seed", 1, "the first game's seed")
	f.Int64Var(&o.Nodes, "nodes", 200_000_000, "solver nodes a position may take (0: no bound)")
	settings.FlagDefault(f, settings.Hash, &o.HashMB, strconv.Itoa(limits.SolveHashMB), "solver table in MB")
	f.StringVar(&o.Out, "out", "", "the set file to write (required)")
	settings.FlagDefault(f, settings.EGDB, &o.EGDB, egdb.None, "endgame database the solver reads: FILE or auto (default none, so that the set depends on the flags only)")
	return c
}

func runAccuracyGenerate(cmd *cobra.Command, g *globalOptions, o *accuracy.GenerateFlags) error {
	ctx, stop := interruptible(cmd.Context())
	defer stop()
	o.Rules = g.rules()
	return o.Run(ctx, g.out, statusFunc(newStatusLine(g.errOut)))
}
