// The annotate command: a review of every move of PGN games (package
// annotate), written back as PGN with comments or as JSON.

package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/kiothi/kiothi/internal/interrupt"
	"io"
	"runtime"
	"time"

	"github.com/kiothi/kiothi/annotate"
	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/internal/progress"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type annotateOptions struct {
	movetime    time.Duration
	depth       int
	nodes       uint64
	hash        int
	egdb        string // the endgame database setting (egdb.OpenSetting)
	concurrency int
	out         string
	json        bool
	cluster     clusterOptions
}

func newAnnotateCmd(g *globalOptions) *cobra.Command {
	o := &annotateOptions{}
	c := &cobra.Command{
		Use:   "annotate GAMES.pgn",
		Short: "Review every move of PGN games: scores, best moves, blunders",
		Long: `Analyse every position of every game in GAMES.pgn (as kiothi match
--pgnout and cutegames write them) and write the games back with a comment
on each move: the score before and after it for the side that moved (in
warriors; "proven" where the search proved it), the class by the expected
score lost against the best move (one search of every line of the
position values both: inaccuracy ?! 0.05+, mistake ? 0.10+, blunder ??
0.15+, docs/review.md), "only move" when every other move loses 0.15 or
more, and the best move with its value when it is better than the move.
Each game gets an Annotator tag and a summary per player (SouthReview,
NorthReview: accuracy, average loss, counts); a table of every player over
all games closes the run. Games are read, reviewed and written one at a
time (at most 100000 games).

The PGN goes to --out (replaced whole) or to standard output (the table
then goes to standard error); --json writes the review as JSON instead.
Each position is searched from a cleared table, so that a review at a
--depth or --nodes limit is the same however it runs; --concurrency
searches run at a time, each with its own engine. With --workers N or
--nats URL the searches are jobs on the work queue (docs/cluster.md):
--concurrency is then how many are in flight (set it to the workers'
total runners), each result is checked before it is used, and the review
is the one this process would make.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd.Context(), cmd.Flags(), g, args[0]) },
	}
	f := c.Flags()
	durationVar(f, &o.movetime, "movetime", annotate.DefaultMoveTime, "search each position this long")
	f.IntVar(&o.depth, "depth", 0, "search each position to this depth instead")
	f.Uint64Var(&o.nodes, "nodes", 0, "search each position about this many nodes instead")
	settings.Flag(f, settings.Hash, &o.hash, "transposition table of each engine, in MB")
	settings.Flag(f, settings.EGDB, &o.egdb, "")
	f.IntVar(&o.concurrency, "concurrency", max(runtime.NumCPU(), 1), "searches at a time (with --workers/--nats: in flight)")
	f.StringVar(&o.out, "out", "", "write the annotated games (or the JSON) to this file")
	f.BoolVar(&o.json, "json", false, "write the review as JSON instead of PGN")
	o.cluster.addFlags(f)
	return c
}

func (o *annotateOptions) run(ctx context.Context, f *pflag.FlagSet, g *globalOptions, path string) error {
	l := search.Limits{MoveTime: o.movetime}
	set := 0
	for _, name := range []string{"depth", "movetime", "nodes"} {
		if f.Changed(name) {
			set++
		}
	}
	if set > 1 {
		return errors.New("give at most one of --depth, --movetime and --nodes")
	}
	switch {
	case f.Changed("depth"):
		l = search.Limits{Depth: o.depth}
	case f.Changed("nodes"):
		l = search.Limits{Nodes: o.nodes}
	}
	for _, err := range []error{
		limits.MoveTimeMS.CheckDuration("--movetime", o.movetime),
		checkFlag(f, "depth", limits.Depth, int64(o.depth)),
		checkFlag(f, "nodes", limits.Nodes, int64(min(o.nodes, 1<<63-1))),
		limits.HashMB.Check("--hash", int64(o.hash)),
		limits.Threads.Check("--concurrency", int64(o.concurrency)),
		o.checkMemory(),
	} {
		if err != nil {
			return err
		}
	}
	if o.out != "" {
		if err := wholefile.CheckWritable(o.out); err != nil {
			return fmt.Errorf("--out: %v", err)
		}
	}
	db, err := egdb.OpenFor(o.egdb, g.rules())
	if err != nil {
		return fmt.Errorf("--egdb: %v", err)
	}
	in, err := wholefile.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	// The games are read as a stream, so their count is not known ahead:
	// the line says how many are done and since when (on a terminal
	// redrawn each game, in a log the first and then one every 10 s).
	status := newStatusLine(g.errOut)
	began, shown := time.Now(), time.Time{}
	cfg := annotate.Config{Limits: l, Concurrency: o.concurrency,
		Options: search.Options{Threads: 1, HashMB: o.hash, Rules: g.rules(), DB: db},
		Progress: func(done int) {
			if !status.s.Redraw && !shown.IsZero() && time.Since(shown) < 10*time.Second {
				return
			}
			shown = time.Now()
			el := time.Since(began)
			status.show(fmt.Sprintf("annotate: %s reviewed, elapsed %s", plural.Count(done, "game"), progress.Duration(el)))
		}}
	ctx, stop := interruptible(ctx)
	defer stop()
	var players []annotate.PlayerSummary
	review := func(ctx context.Context, cfg annotate.Config, w io.Writer) (err error) {
		players, err = annotate.Report(ctx, annotate.NewReader(in, 0), cfg, w, o.json)
		if err == nil && len(players) == 0 {
			err = errors.New("no games")
		}
		return err
	}
	if o.cluster.enabled() {
		local := review
		review = func(ctx context.Context, cfg annotate.Config, w io.Writer) error {
			return o.cluster.annotate(ctx, g, cfg, func(ctx context.Context, cfg annotate.Config) error { return local(ctx, cfg, w) })
		}
	}
	if o.out != "" {
		err = wholefile.Write(o.out, func(w io.Writer) error { return review(ctx, cfg, w) })
	} else {
		err = review(ctx, cfg, g.out)
	}
	status.clear()
	if err != nil {
		if ctx.Err() != nil {
			done := "nothing written"
			if o.out == "" {
				done = "the games reviewed before it were written"
			}
			return &interrupt.Stopped{Msg: "annotate interrupted: " + done}
		}
		return fmt.Errorf("%s: %v", path, err)
	}
	table := annotate.Table(players)
	if o.out != "" {
		fmt.Fprint(g.out, table)
		return nil
	}
	fmt.Fprint(g.errOut, table)
	return nil
}

// checkMemory checks the engines this process holds: one of --hash a
// search in flight, or with --workers/--nats, one a local worker.
func (o *annotateOptions) checkMemory() error {
	if o.cluster.enabled() {
		return o.cluster.checkLocalMemory(fmt.Sprintf("--hash %d", o.hash), limits.EngineMB(1, o.hash))
	}
	return limits.CheckMemory(fmt.Sprintf("--concurrency %d × --hash %d", o.concurrency, o.hash), int64(o.concurrency)*limits.EngineMB(1, o.hash))
}
