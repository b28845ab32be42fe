// The bench command: the fixed search benchmark (package bench), and with
// several thread counts or move times the thread measurement.

package main

import (
	"fmt"
	"strconv"

	"github.com/kiothi/kiothi/bench"
	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

func newBenchCmd(g *globalOptions) *cobra.Command {
	o := &bench.Flags{Version: version}
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
FILE.knn or FILE.json), to measure its speed; its node count is not the signature.

With several thread counts (--threads 1,2) or with move times
(--movetime 50,200, in ms) it measures the threads instead: each thread
count searches every position at each move time (or to --depth), and a
line per thread count gives the mean depth, nodes (all threads and the
main thread's), wall and process CPU time, each thread's nodes a second
while it searched, nodes per CPU second (less distorted by a loaded
machine than wall time), the fixed cost of a search (from its start
until every thread searches, and from the stop until the result), and
garbage collections and allocations; then the ratios to the first thread
count. Run nothing else meanwhile, or read the CPU figures.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.Rules = g.rules()
			if err := o.Check(); err != nil {
				return err
			}
			var ev *eval.Evaluator
			if o.Eval != "" {
				var err error
				if ev, err = match.LoadEval(o.Eval); err != nil {
					return fmt.Errorf("--eval %s: %w", o.Eval, err)
				}
			}
			ctx, stop := interruptible(cmd.Context())
			defer stop()
			return o.Run(ctx, g.out, ev)
		},
	}
	f := c.Flags()
	f.IntVar(&o.Depth, "depth", bench.DefaultDepth, "search depth")
	f.IntSliceVar(&o.Threads, settings.Threads.Key, []int{1}, "search threads; several (1,2) measure each count")
	f.IntSliceVar(&o.MoveTimes, "movetime", nil, "move times in ms (50,200): measure the threads at each instead of to --depth")
	settings.FlagDefault(f, settings.Hash, &o.HashMB, strconv.Itoa(limits.BenchHashMB), "")
	settings.Flag(f, settings.Eval, &o.Eval, "")
	return c
}
