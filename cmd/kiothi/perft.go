// The perft command: exact move-path counts of one position, or a whole
// suite file checked against its expected counts.

package main

import (
	"strconv"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

// perftFlags are the flags of movegen.PerftRun's fields, as its errors
// name them.
var perftFlags = map[string]string{"Depth": "--depth", "Threads": "--threads", "HashMB": "--hash",
	"MaxNodes": "--max-nodes", "Suite": "--suite", "Divide": "--divide", "DivideBy": "--nats, --workers"}

type perftOptions struct {
	movegen.PerftRun
	cluster clusterOptions
}

func newPerftCmd(g *globalOptions) *cobra.Command {
	o := &perftOptions{}
	cmd := &cobra.Command{
		Use:   "perft POSITION --depth N | perft --suite FILE",
		Short: "Count move paths to a depth, or check a perft suite",
		Long: `Perft counts the move paths of a position to a depth (RULES.md §8).
POSITION is the quoted four-field string, startpos or startpos25.
The last line of output is "Nodes searched: <N>"; the machine (as kiothi
bench names it), time and speed go to stderr. --depth runs from 1.

With --suite, every line of a suite file ("<position> ;D1 n ;D2 n ...")
is checked at each listed depth up to the deepest whose expected count is
at most --max-nodes; the command exits with status 1 on any mismatch.`,
		Example: `  kiothi perft startpos --depth 2
  kiothi perft '0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36' --depth 5 --divide
  kiothi perft --suite testdata/kiothi.perft --max-nodes 10000000`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f := cmd.Flags()
			o.DepthGiven, o.MaxNodesGiven, o.Rules, o.Out, o.Log = f.Changed("depth"), f.Changed("max-nodes"), g.rules(), g.out, g.errOut
			o.DivideBy = o.cluster.DivideBy(g.errOut)
			if err := o.Check(args); err != nil {
				return flagWords(err, perftFlags)
			}
			return flagWords(o.Run(contextOrBackground(cmd.Context()), args, func(total int) (func(int, string), func()) {
				bar := newProgressBar(g.errOut, total)
				return bar.update, bar.clear
			}), perftFlags)
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.Depth, "depth", 0, "depth to count to (with --suite: the deepest depth to check)")
	f.BoolVar(&o.Divide, "divide", false, "print the count below each root move (each source pair at the opening)")
	settings.FlagDefault(f, settings.Threads, &o.Threads, strconv.Itoa(defaultThreads()), "goroutines over the root moves; the default is the CPUs this process may use")
	f.IntVar(&o.HashMB, settings.Hash.Key, 0, "perft hash table size in MB (0: none)")
	f.StringVar(&o.Suite, "suite", "", "perft suite file to check")
	f.Uint64Var(&o.MaxNodes, "max-nodes", 0, "with --suite: skip depths whose expected count exceeds this (default: run all)")
	o.cluster.addFlags(f) // one job for each root move's subtree
	return cmd
}
