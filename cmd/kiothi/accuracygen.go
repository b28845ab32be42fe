// The accuracy generate command: a new accuracy set from seeded games
// (package accuracy).

package main

import (
	"fmt"
	"strconv"
	"time"

	"github.com/kiothi/kiothi/accuracy"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

type accuracyGenOptions struct {
	lo, hi int
	n      int
	seed   uint64
	nodes  int64
	hashMB int
	out    string
}

// maxSetPositions bounds --n: a set is measured position by position, and
// each one costs seconds to label.
const maxSetPositions = 10000

func newAccuracyGenerateCmd(g *globalOptions) *cobra.Command {
	o := &accuracyGenOptions{}
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
		RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd, g) },
	}
	f := c.Flags()
	f.IntVar(&o.lo, "lo", 20, "fewest warriors on the board")
	f.IntVar(&o.hi, "hi", 26, "most warriors on the board")
	f.IntVar(&o.n, "n", 150, "positions to keep")
	f.Uint64Var(&o.seed, "seed", 1, "the first game's seed")
	f.Int64Var(&o.nodes, "nodes", 200_000_000, "solver nodes a position may take (0: no bound)")
	settings.FlagDefault(f, settings.Hash, &o.hashMB, strconv.Itoa(limits.SolveHashMB), "solver table in MB")
	f.StringVar(&o.out, "out", "", "the set file to write (required)")
	return c
}

func (o *accuracyGenOptions) run(cmd *cobra.Command, g *globalOptions) error {
	if o.out == "" {
		return fmt.Errorf("--out: required (the set file to write)")
	}
	if o.n < 1 || o.n > maxSetPositions {
		return fmt.Errorf("--n %d: want 1 to %d", o.n, maxSetPositions)
	}
	if o.nodes != 0 {
		if err := limits.Nodes.Check("--nodes", o.nodes); err != nil {
			return err
		}
	}
	if err := limits.HashMB.Check("--hash", int64(o.hashMB)); err != nil {
		return err
	}
	if err := limits.CheckMemory("--hash", int64(o.hashMB)+limits.EngineMB(1, 4)); err != nil {
		return err
	}
	if err := wholefile.CheckWritable(o.out); err != nil {
		return fmt.Errorf("--out: %v", err)
	}
	opts := accuracy.GenerateOptions{
		Lo: o.lo, Hi: o.hi, N: o.n, Seed: o.seed, Nodes: uint64(o.nodes),
		HashMB: o.hashMB, Rules: g.rules(),
	}
	ctx, stop := interruptible(cmd.Context())
	defer stop()
	status := newStatusLine(g.errOut)
	written := 0
	res, err := accuracy.Generate(ctx, opts, func(r *accuracy.Generated) error {
		status.show(fmt.Sprintf("games %d tried %d kept %d/%d unproven %d equal %d, %s", r.Games, r.Tried, len(r.Items), o.n, r.Unproven, r.Flat, r.Elapsed.Round(time.Second)))
		if len(r.Items) == written {
			return nil
		}
		written = len(r.Items)
		return wholefile.WriteBytes(o.out, []byte(r.FileText(opts)))
	})
	status.clear()
	if res != nil && len(res.Items) > 0 {
		if werr := wholefile.WriteBytes(o.out, []byte(res.FileText(opts))); err == nil {
			err = werr
		}
	}
	if err != nil {
		return err
	}
	if len(res.Items) < o.n {
		fmt.Fprintf(g.out, "only %d of %d positions in %d games\n", len(res.Items), o.n, res.Games)
	}
	fmt.Fprintf(g.out, "%s: %d positions (%d tried, %d unproven, %d equal) in %v\n", o.out, len(res.Items), res.Tried, res.Unproven, res.Flat, res.Elapsed.Round(time.Second))
	return nil
}
