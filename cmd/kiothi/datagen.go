// The datagen command: self-play games written as labelled positions for
// tuning the evaluation (package datagen).

package main

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

type datagenOptions struct {
	out         string
	games       int
	seed        uint64
	concurrency int
	nodes       int
	depth       int
	hash        int
	setup       int
	randomPlies int
	randomProb  float64
	maxPlies    int
	starts      string
	startShare  float64
	resume      bool
	cluster     clusterOptions
}

func newDatagenCmd(g *globalOptions) *cobra.Command {
	o := &datagenOptions{}
	c := &cobra.Command{
		Use:   "datagen --out FILE [--games N] [--nodes N | --depth N] [--nats URL | --workers N]",
		Short: "Play seeded self-play games and write labelled positions for tuning",
		Long: `Play seeded games between search players and write every play position
with the search's score, its depth and the game's final margin, in the
format of docs/tuning.md (32 bytes a position).

Each game draws its two redistributions (uniform, home, mixed, put-back or
the engine's own) or a turn-3 start from --starts, then plays with one
search a move (--nodes or --depth, deterministic), replacing the engine's
move by a random legal one with probability --random-prob during the first
--random-plies plies. Game k depends only on --seed and k, so the output
is the same whatever --concurrency. Ctrl-C stops at once, keeping the
games already written; --resume continues a file, playing only the games
it lacks.

With --nats or --workers each game is a job for workers (docs/cluster.md);
the file holds the same games, written in game order. There --max-plies
and the number of --starts are bounded lower: a game's records, and the
starts, travel in one message.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runDatagen(cmd.Context(), g, o)
		},
	}
	f := c.Flags()
	f.StringVar(&o.out, "out", "", "the data file to write (required)")
	f.IntVar(&o.games, "games", 1000, "games to play")
	f.Uint64Var(&o.seed, "seed", 1, "random seed")
	f.IntVar(&o.concurrency, "concurrency", defaultThreads(), "games played at once")
	f.IntVar(&o.nodes, "nodes", 4000, "nodes a search (0: use --depth)")
	f.IntVar(&o.depth, "depth", 0, "depth a search (with --nodes 0)")
	settings.FlagDefault(f, settings.Hash, &o.hash, strconv.Itoa(limits.DatagenHashMB), "transposition table MB per game played at once")
	settings.Flag(f, settings.Setup, &o.setup, "")
	f.IntVar(&o.randomPlies, "random-plies", 16, "plies from turn 3 in which a move may be random")
	f.Float64Var(&o.randomProb, "random-prob", 0.1, "probability of a random move in those plies")
	f.IntVar(&o.maxPlies, "max-plies", datagen.DefaultMaxPlies, "plies from turn 3 before a game is adjudicated")
	f.StringVar(&o.starts, "starts", "", "openings file of turn-3 starts to mix in")
	f.Float64Var(&o.startShare, "start-share", 0.25, "share of games from --starts")
	f.BoolVar(&o.resume, "resume", false, "continue an existing --out file")
	o.cluster.addFlags(f) // one job for each game
	f.Lookup("queue").Usage = "with --nats: jobs queued ahead of the results"
	c.AddCommand(newDatagenExactCmd(g))
	return c
}

func runDatagen(ctx context.Context, g *globalOptions, o *datagenOptions) error {
	f := datagen.Flags{Out: o.out, Games: o.games, Seed: o.seed, Concurrency: o.concurrency, Nodes: o.nodes,
		Depth: o.depth, HashMB: o.hash, Setup: o.setup, RandomPlies: o.randomPlies, RandomProb: o.randomProb,
		MaxPlies: o.maxPlies, Starts: o.starts, StartShare: o.startShare, Rules: g.rules()}
	if err := f.Check(); err != nil {
		return err
	}
	// The engines this process makes: one a game played at once here,
	// or one a local worker (the workers of --nats check their own).
	var err error
	switch {
	case o.cluster.workers < 0:
		err = limits.Range{Min: 0, Max: limits.Threads.Max}.Check("--workers", int64(o.cluster.workers))
	case o.cluster.workers > 0:
		err = o.cluster.checkLocalMemory(fmt.Sprintf("--hash %d", o.hash), limits.EngineMB(1, o.hash))
	case !o.cluster.enabled():
		err = limits.CheckMemory(fmt.Sprintf("--concurrency %d × --hash %d", o.concurrency, o.hash),
			int64(o.concurrency)*limits.EngineMB(1, o.hash))
	}
	if err != nil {
		return err
	}
	if o.cluster.enabled() && o.maxPlies > cluster.MaxDatagenPlies {
		return fmt.Errorf("--max-plies %d: at most %d with --nats or --workers (a game's records travel in one message)", o.maxPlies, cluster.MaxDatagenPlies)
	}
	cfg, err := f.Config()
	if err != nil {
		return err
	}
	if n := len(cfg.Starts); o.cluster.enabled() && n > cluster.MaxDatagenStarts {
		return fmt.Errorf("--starts %s: %d turn-3 positions, at most %d with --nats or --workers (they travel in every job)", o.starts, n, cluster.MaxDatagenStarts)
	}
	ctx, stop := interruptible(ctx)
	defer stop()
	bar := newProgressBar(g.errOut, o.games)
	run := datagen.Run
	if o.cluster.enabled() {
		run = func(ctx context.Context, cfg datagen.Config, w io.Writer, done map[uint32]bool, progress func(datagen.Stats)) (datagen.Stats, error) {
			return o.cluster.datagen(ctx, g, cfg, w, done, progress)
		}
	}
	return f.Execute(ctx, cfg, o.resume, run, g.out, barFunc(bar))
}
