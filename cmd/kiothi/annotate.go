// The annotate command: a review of every move of PGN games (package
// annotate), written back as PGN with comments or as JSON.

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/kiothi/kiothi/annotate"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/pgn"
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
warriors; "proven" where the search proved it), the class by warriors lost
against the best move (the value after the best move minus the value after
the move, both positions searched alike: inaccuracy 1+, mistake 2+,
blunder 4+), "only move" when every other move loses 4 or more, and the
best move with the value after it when it differs.
Each game gets an Annotator tag and a summary per player (SouthReview,
NorthReview); a table of every player over all games closes the run.

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
	in, err := os.Open(path)
	if err != nil {
		return err
	}
	games, err := pgn.ReadAll(in)
	in.Close()
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	if len(games) == 0 {
		return fmt.Errorf("%s: no games", path)
	}
	bar := newProgressBar(g.errOut, len(games))
	cfg := annotate.Config{Limits: l, Concurrency: o.concurrency,
		Options:  search.Options{Threads: 1, HashMB: o.hash, Rules: g.rules()},
		Progress: func(done, total int) { bar.update(done, "games") }}
	ctx, stop := interruptible(ctx)
	defer stop()
	var reviews []annotate.Game
	if o.cluster.enabled() {
		reviews, err = o.cluster.annotate(ctx, g, games, cfg)
	} else {
		reviews, err = annotate.Review(ctx, games, cfg)
	}
	bar.clear()
	if err != nil {
		if ctx.Err() != nil {
			return &exitError{code: 130, err: errors.New("annotate interrupted: nothing written")}
		}
		return fmt.Errorf("%s: %v", path, err)
	}
	var b strings.Builder
	if o.json {
		enc := json.NewEncoder(&b)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			Games   []annotate.Game          `json:"games"`
			Players []annotate.PlayerSummary `json:"players"`
		}{reviews, annotate.Players(reviews)}); err != nil {
			return err
		}
	} else {
		for i := range reviews {
			b.WriteString(reviews[i].Annotated("kiothi annotate " + limitsText(l)).String())
		}
	}
	table := annotate.Table(annotate.Players(reviews))
	if o.out != "" {
		if err := wholefile.WriteBytes(o.out, []byte(b.String())); err != nil {
			return fmt.Errorf("--out: %v", err)
		}
		fmt.Fprint(g.out, table)
		return nil
	}
	fmt.Fprint(g.out, b.String())
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

// limitsText names the analysis limit: "depth 8", "movetime 100ms".
func limitsText(l search.Limits) string {
	switch {
	case l.Depth > 0:
		return fmt.Sprintf("depth %d", l.Depth)
	case l.Nodes > 0:
		return fmt.Sprintf("nodes %d", l.Nodes)
	}
	return "movetime " + l.MoveTime.String()
}
