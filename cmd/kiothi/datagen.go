// The datagen command: self-play games written as labelled positions for
// tuning the evaluation (package datagen).

package main

import (
	"context"
	"strconv"

	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

type datagenOptions struct {
	datagen.Flags
	resume  bool
	cluster clusterOptions
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
	f.StringVar(&o.Out, "out", "", "the data file to write (required)")
	f.IntVar(&o.Games, "games", 1000, "games to play")
	f.Uint64Var(&o.Seed, "seed", 1, "random seed")
	f.IntVar(&o.Concurrency, "concurrency", defaultThreads(), "games played at once")
	f.IntVar(&o.Nodes, "nodes", 4000, "nodes a search (0: use --depth)")
	f.IntVar(&o.Depth, "depth", 0, "depth a search (with --nodes 0)")
	settings.FlagDefault(f, settings.Hash, &o.HashMB, strconv.Itoa(limits.DatagenHashMB), "transposition table MB per game played at once")
	settings.Flag(f, settings.Setup, &o.Setup, "")
	f.IntVar(&o.RandomPlies, "random-plies", 16, "plies from turn 3 in which a move may be random")
	f.Float64Var(&o.RandomProb, "random-prob", 0.1, "probability of a random move in those plies")
	f.IntVar(&o.MaxPlies, "max-plies", datagen.DefaultMaxPlies, "plies from turn 3 before a game is adjudicated")
	f.StringVar(&o.Starts, "starts", "", "openings file of turn-3 starts to mix in")
	f.Float64Var(&o.StartShare, "start-share", 0.25, "share of games from --starts")
	f.BoolVar(&o.resume, "resume", false, "continue an existing --out file")
	o.cluster.addFlags(f) // one job for each game
	f.Lookup("queue").Usage = "with --nats: jobs queued ahead of the results"
	c.AddCommand(newDatagenExactCmd(g))
	return c
}

func runDatagen(ctx context.Context, g *globalOptions, o *datagenOptions) error {
	o.Rules = g.rules()
	cfg, run, err := o.cluster.DatagenRun(&o.Flags, g.errOut)
	if err != nil {
		return err
	}
	ctx, stop := interruptible(ctx)
	defer stop()
	bar := newProgressBar(g.errOut, o.Games)
	return o.Execute(ctx, cfg, o.resume, run, g.out, barFunc(bar))
}
