// The match command: games between two players, with a final table, an
// optional SPRT and a games file.

package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// matchOptions are kiothi match's flags: match.Command's and the
// cluster's.
type matchOptions struct {
	match.Command
	cluster clusterOptions
}

func newMatchCmd(g *globalOptions) *cobra.Command {
	o := &matchOptions{}
	c := &cobra.Command{
		Use:   "match --player1 SPEC --player2 SPEC | --player SPEC --player SPEC ...",
		Short: "Play games between two players and measure their strength",
		Long: `Play games between two players, each given by a SPEC:

  random                  uniform over the legal moves and redistributions
  greedy                  the biggest capture now, ties at random
  engine[:KEY=VALUE,...]  the engine, with any of the settings
                            movetime=T (milliseconds, or e.g. 100ms)
                            depth=N, nodes=N, threads=N, hash=MB
                            opening=engine|random|putback
                            objective=margin|match, multiplier=M
                            eval=FILE (weights as kiothi tune --out writes)
                            book=FILE, bookrandom=0|1
                            egdb=FILE (an endgame database, kiothi egdb build)
                            param.NAME=V (a search knob, docs/spsa.md:
                              ` + search.ParamNames() + `)
  ugi:COMMAND LINE        an external UGI engine, thinking --movetime a move
                          or on its --tc clock (go p1time p2time p1inc p2inc)

Any SPEC may carry name=LABEL, the player's label in the table, the PGN
and the report: engine:depth=3,name=deep, random:name=r,
ugi:name=other,./other --flag (first in a ugi spec).

With --player SPEC repeated (two players or more), a tournament:
--tournament roundrobin (every player against every other) or gauntlet
(the first player against each other one), each pairing a match with the
settings below, then a table of every player's score and Elo with its
95% interval, and each pairing's score line.

Each opening is played twice, colours swapped. With --sprt the match goes
on until the SPRT decides (--games caps it); it counts the pair of games of
an opening (the pentanomial model), so it decides even when one player wins
every game. When stderr is a log, each game's "Finished game N (South vs
North): 1-0 {how}" line goes there as it ends, and every 10 games the Score
line with the Elo, its interval, the LLR, the elapsed time and the ETA.
With --state FILE the match is kept in FILE after each game; --resume
continues it. The last line of output is
cutechess-cli's "Score of P1 vs P2: W - L - D  [fraction] N", counted for
player 1.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.CommandLine, o.Self, o.Rules = strings.Join(commandLine(cmd), " "), version+" "+commit, g.rules()
			return o.run(cmd.Context(), g)
		},
	}
	f := c.Flags()
	f.StringVar(&o.Player1, "player1", "", "first player's SPEC (required)")
	f.StringVar(&o.Player2, "player2", "", "second player's SPEC (required)")
	f.StringArrayVar(&o.Specs, "player", nil, "a tournament's player SPEC (repeat it for each player, instead of --player1 and --player2)")
	f.StringVar(&o.Tournament, "tournament", "roundrobin", "with --player: roundrobin (every player against every other) or gauntlet (the first against each other)")
	f.IntVar(&o.Games, "games", 0, fmt.Sprintf("games to play (default: two per opening); with --sprt the most to play (default: until the SPRT decides, at most %d)", match.SPRTMaxGames))
	f.StringVar(&o.Openings, "openings", "", "openings file, one position a line (default: the standard start)")
	f.IntVar(&o.Concurrency, "concurrency", 1, "games played at a time")
	f.StringVar(&o.SPRT, "sprt", "", "play until the SPRT decides: elo0,elo1,alpha,beta (e.g. 0,10,0.05,0.05); --games caps it")
	f.StringVar(&o.Out, "out", "", "write every game to this file, one line each")
	f.StringVar(&o.PGNOut, "pgnout", "", "append every game to this PGN file (created when missing, locked while the match runs)")
	f.StringVar(&o.Report, "report", "", "write a self-contained HTML page (score over time, Elo with its interval, the SPRT's LLR, score by colour and by opening) to this file when the match ends; a name ending in .svg gets the charts as one SVG image")
	f.BoolVar(&o.PGNComments, "pgn-comments", true, "in the PGN, follow each move with {score/depth time} (score in warriors for the side that moved; +M4 a proven win by 4)")
	f.IntVar(&o.MaxPlies, "max-plies", 1000, "adjudicate a game by the own-row sweep after this many moves (0: no cap)")
	f.Uint64Var(&o.Seed, "seed", 1, "seed of the random players and redistributions")
	settings.Flag(f, settings.Multiplier, &o.Multiplier, "one-warrior multiplier for match points (2..10)")
	durationVar(f, &o.MoveTime, "movetime", 0, "time a move offered to every player (default: none, or 100 ms when a ugi player plays); engine specs use the smaller of it and their own movetime")
	f.StringVar(&o.TC, "tc", "", "time control, as cutechess: 40/60 (60 s a 40 moves), 10+0.1 (10 s a game, 0.1 s a move added), inf, or st=0.1 (0.1 s a move, as --movetime)")
	durationVar(f, &o.TimeMargin, "timemargin", 0, "with a --tc clock, how far past its clock a player may go before it loses on time")
	f.StringVar(&o.Resign, "resign", "", "adjudicate a loss when both engines see one side lost by N warriors or more for M moves each: movecount=M,score=N (default: off)")
	f.StringVar(&o.Draw, "draw", "", "adjudicate a draw when both engines see the game within S warriors for M moves each, from move pair K: movenumber=K,movecount=M,score=S (default: off)")
	f.BoolVar(&o.Proven, "adjudicate-proven", false, "end a game when an engine's search proves its value, with that margin")
	durationVar(f, &o.MoveTimeout, "move-timeout", time.Minute, "a player that takes longer for one move forfeits (at least --movetime plus a second)")
	f.StringVar(&o.State, "state", "", "keep the match's state (settings and every game) in this file, replaced whole after each game, so --resume can continue it")
	f.BoolVar(&o.Resume, "resume", false, "continue the match in --state (made with the same settings)")
	o.cluster.addFlags(f)
	return c
}

// run plays the match (match.Command.Run), over the cluster when its
// flags say so; an interrupted match exits with status 130.
func (o *matchOptions) run(ctx context.Context, g *globalOptions) error {
	var run match.PairRunner // nil: locally
	if o.Cluster = o.cluster.enabled(); o.Cluster {
		run = func(ctx context.Context, cfg match.Config, spec1, spec2 string) (*match.Summary, error) {
			return o.cluster.Match(ctx, g.errOut, cfg, spec1, spec2)
		}
	}
	ctx, stop := interruptible(ctx)
	defer stop()
	return o.Command.Run(ctx, g.out, g.errOut, run)
}

// commandLine is the command as run: its path and each flag given.
func commandLine(cmd *cobra.Command) []string {
	args := strings.Fields(cmd.CommandPath())
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				args = append(args, "--"+f.Name, shellQuote(v))
			}
			return
		}
		args = append(args, "--"+f.Name, shellQuote(f.Value.String()))
	})
	return args
}

// shellQuote quotes s for a shell when it needs it.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`;&|<>()*?[]{}~#!") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
