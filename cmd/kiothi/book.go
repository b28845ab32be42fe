// The book command: build, probe, stats and merge opening books.

package main

import (
	"fmt"
	"strconv"
	"time"

	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

func newBookCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "book",
		Short: "Build, probe, inspect and merge opening books",
	}
	cmd.AddCommand(newBookBuildCmd(g), newBookProbeCmd(g), newBookStatsCmd(g), newBookMergeCmd(g))
	return cmd
}

type bookBuildOptions struct {
	book.BuildFlags
	progress string
	cluster  clusterOptions
}

func newBookBuildCmd(g *globalOptions) *cobra.Command {
	o := &bookBuildOptions{}
	cmd := &cobra.Command{
		Use:   "build --out FILE",
		Short: "Grow a book best-first from a position, scoring leaves with the search",
		Long: `Grow a book best-first (drop-out expansion) from the start or --from,
scoring new positions with the search and backing values up by negamax.
Turns 1 and 2 take the engine's own candidate redistributions (MultiPV).
Ctrl-C (or SIGTERM) stops the build and writes a valid book; --resume
continues it. --shard i/n builds the i-th of n independent parts (the
subtrees of every n-th root move), to be joined by 'kiothi book merge'.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runBookBuild(cmd, g, o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.Out, "out", "", "book file to write (required)")
	f.StringVar(&o.From, "from", "startpos", "root position: startpos, startpos25 or a position string")
	f.IntVar(&o.Plies, "plies", book.DefaultPlies, "expand positions up to this many moves from the root")
	f.IntVar(&o.Positions, "positions", book.DefaultPositions, "stop when the book has this many positions with moves")
	f.IntVar(&o.Depth, "depth", 0, fmt.Sprintf("search depth for each new position (default %d unless --movetime)", book.DefaultDepth))
	durationVar(f, &o.MoveTime, "movetime", 0, "search time for each new position")
	settings.FlagDefault(f, settings.Threads, &o.Threads, strconv.Itoa(defaultThreads()), "searches run in parallel; the default is the CPUs this process may use")
	settings.Flag(f, settings.Hash, &o.HashMB, "transposition table per search thread, MiB")
	f.IntVar(&o.Candidates, "candidates", book.DefaultCandidates, "redistributions asked of the engine at turns 1 and 2")
	f.IntVar(&o.Dropout, "dropout", book.DefaultDropout, "drop-out cost of a ply, centi-warriors (larger: wider book)")
	f.BoolVar(&o.Resume, "resume", false, "continue the book at --out (a missing file starts afresh)")
	f.StringVar(&o.Shard, "shard", "", "build part i of n, as i/n (1 <= i <= n)")
	durationVar(f, &o.Checkpoint, "checkpoint", time.Minute, "also write the book this often (0: only at the end)")
	f.StringVar(&o.progress, "progress", "auto", "progress bar on stderr: auto (when a terminal), on, off")
	cmd.MarkFlagsMutuallyExclusive("depth", "movetime")
	o.cluster.addFlags(f) // leaf searches as jobs; --threads of them in flight
	return cmd
}

func runBookBuild(cmd *cobra.Command, g *globalOptions, o *bookBuildOptions) error {
	f := cmd.Flags()
	bf := &o.BuildFlags
	bf.Rules, bf.DepthGiven, bf.MoveTimeGiven, bf.Workers = g.rules(), f.Changed("depth"), f.Changed("movetime"), o.cluster.Workers
	if err := bf.Check(); err != nil {
		return err
	}
	bar, err := newProgressBarMode(g.errOut, o.Positions, o.progress)
	if err != nil {
		return err
	}
	bf.Progress = func(p book.Progress) {
		bar.resumedFrom(p.Start)
		bar.updateOf(p.Done, p.Target, p.ProgressLine())
	}
	ctx, stop := interruptible(cmd.Context())
	defer stop()
	return bf.Execute(ctx, o.cluster.BookBuilder(g.errOut), g.out, bar.clear)
}

func newBookProbeCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "probe FILE POSITION [MOVE...]",
		Short: "List a position's book moves, best first",
		Long: `List the book moves of POSITION (startpos, startpos25 or a position
string), after the given moves if any (as show and analyse take them),
best first, one a line: <move> weight W value V depth D count C (V in
centi-warriors). A position not in the book prints nothing; a position of
another setup or rules than the book's is an error.`,
		Example: `  kiothi book probe testdata/book.kbk startpos
  kiothi book probe testdata/book.kbk startpos ij:a3b2F5`,
		Args: cobra.MinimumNArgs(2),
		RunE: func(_ *cobra.Command, args []string) error {
			p, moves, err := parsePositionArgs(args[1:])
			if err != nil {
				return err
			}
			return book.WriteProbe(g.out, args[0], p, moves, g.rules())
		},
	}
}

func newBookStatsCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "stats FILE",
		Short: "Count a book's positions and moves, with depth and value distributions",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			b, err := book.Open(args[0])
			if err != nil {
				return err
			}
			return b.Stats().Write(g.out)
		},
	}
}

func newBookMergeCmd(g *globalOptions) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "merge A B... --out C",
		Short: "Merge books built under the same rules (e.g. the shards of a build)",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			return book.WriteMerge(g.out, out, args)
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "merged book to write (required)")
	return cmd
}
