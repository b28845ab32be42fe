// The bench command: the fixed search benchmark (package bench), and with
// several thread counts or move times the thread measurement.

package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kiothi/kiothi/bench"
	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/internal/machine"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

type benchOptions struct {
	depth, hash int
	threads     []int
	moveTimes   []int // ms
	eval        string
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
			checks := []error{
				limits.Depth.Check("--depth", int64(o.depth)),
				limits.HashMB.Check("--hash", int64(o.hash)),
			}
			if len(o.threads) == 0 {
				checks = append(checks, fmt.Errorf("--threads: give at least one thread count"))
			}
			for _, th := range o.threads {
				checks = append(checks, limits.Threads.Check("--threads", int64(th)),
					limits.CheckMemory(fmt.Sprintf("--hash %d with --threads %d", o.hash, th), limits.EngineMB(th, o.hash)))
			}
			var mts []time.Duration
			for _, mt := range o.moveTimes {
				checks = append(checks, limits.MoveTimeMS.Check("--movetime", int64(mt)))
				mts = append(mts, time.Duration(mt)*time.Millisecond)
			}
			for _, err := range checks {
				if err != nil {
					return err
				}
			}
			list := func(v []int) string { return strings.Trim(strings.Join(strings.Fields(fmt.Sprint(v)), ","), "[]") }
			var ev *eval.Evaluator
			if o.eval != "" {
				if len(o.threads) > 1 || len(mts) > 0 {
					return fmt.Errorf("--eval measures the depth bench with one thread count, not --threads %s or --movetime", list(o.threads))
				}
				var err error
				if ev, err = match.LoadEval(o.eval); err != nil {
					return fmt.Errorf("--eval %s: %w", o.eval, err)
				}
			}
			limit := fmt.Sprintf("depth %d", o.depth)
			if len(mts) > 0 {
				limit = fmt.Sprintf("movetime %s ms", list(o.moveTimes))
			}
			fmt.Fprintf(g.out, "kiothi %s bench: %s, %s thread(s), hash %d MB\n", version, limit, list(o.threads), o.hash)
			fmt.Fprintln(g.out, machine.Current())
			ctx, stop := interruptible(cmd.Context())
			defer stop()
			if len(o.threads) > 1 || len(mts) > 0 {
				_, err := bench.Threads(ctx, bench.ThreadsOptions{Threads: o.threads, MoveTimes: mts, Depth: o.depth, HashMB: o.hash, Rules: g.rules()}, g.out)
				return err
			}
			_, err := bench.Run(ctx, bench.Options{Depth: o.depth, Threads: o.threads[0], HashMB: o.hash, Rules: g.rules(), Eval: ev}, g.out)
			return err
		},
	}
	f := c.Flags()
	f.IntVar(&o.depth, "depth", bench.DefaultDepth, "search depth")
	f.IntSliceVar(&o.threads, settings.Threads.Key, []int{1}, "search threads; several (1,2) measure each count")
	f.IntSliceVar(&o.moveTimes, "movetime", nil, "move times in ms (50,200): measure the threads at each instead of to --depth")
	settings.FlagDefault(f, settings.Hash, &o.hash, strconv.Itoa(limits.BenchHashMB), "")
	settings.Flag(f, settings.Eval, &o.eval, "")
	return c
}
