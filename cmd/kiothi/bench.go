// The bench command: the fixed search benchmark (package bench).

package main

import (
	"fmt"

	"github.com/kiothi/kiothi/bench"
	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/internal/machine"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/match"
	"github.com/spf13/cobra"
)

type benchOptions struct {
	depth, threads, hash int
	eval                 string
}

func newBenchCmd(g *globalOptions) *cobra.Command {
	o := &benchOptions{}
	c := &cobra.Command{
		Use:   "bench",
		Short: "Search the fixed bench positions and print the node count and speed",
		Long: `Search each bench position (testdata/bench.txt) to a fixed depth from a
cleared table, one line each, then "Nodes searched: N" and "Nodes/second: N".
The first two lines name the build (version and commit) and the machine
(CPU, cores, caches, x86-64 level, Go version, GOAMD64), so that the speed
says where it was measured. With one thread at the default depth the node
count is the bench signature (bench/signature.txt, make signature): it
changes only when the search does. Scores are in centi-warriors. --eval
searches with another evaluation (an engine spec's eval=: linear, nn,
FILE.knn or FILE.json), to measure its speed; its node count is not the signature.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			for _, err := range []error{
				limits.Depth.Check("--depth", int64(o.depth)),
				limits.Threads.Check("--threads", int64(o.threads)),
				limits.HashMB.Check("--hash", int64(o.hash)),
				limits.CheckMemory(fmt.Sprintf("--hash %d with --threads %d", o.hash, o.threads), limits.EngineMB(o.threads, o.hash)),
			} {
				if err != nil {
					return err
				}
			}
			var ev *eval.Evaluator
			if o.eval != "" {
				var err error
				if ev, err = match.LoadEval(o.eval); err != nil {
					return fmt.Errorf("--eval %s: %w", o.eval, err)
				}
			}
			fmt.Fprintf(g.out, "kiothi %s bench: depth %d, %d thread(s), hash %d MB\n", version, o.depth, o.threads, o.hash)
			fmt.Fprintln(g.out, machine.Current())
			ctx, stop := interruptible(cmd.Context())
			defer stop()
			_, err := bench.Run(ctx, bench.Options{Depth: o.depth, Threads: o.threads, HashMB: o.hash, Rules: g.rules(), Eval: ev}, g.out)
			return err
		},
	}
	f := c.Flags()
	f.IntVar(&o.depth, "depth", bench.DefaultDepth, "search depth")
	f.IntVar(&o.threads, "threads", 1, "search threads")
	f.IntVar(&o.hash, "hash", limits.DefaultHashMB, "transposition table size in MB")
	f.StringVar(&o.eval, "eval", "", "evaluation: linear, nn, FILE.knn or FILE.json (default: the engine's)")
	return c
}
