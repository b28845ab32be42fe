// The match command: games between two players, with a final table, an
// optional SPRT and a games file.

package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/pgn"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type matchOptions struct {
	player1, player2 string
	games            int
	openings         string
	concurrency      int
	sprt             string
	out              string
	pgnOut           string
	report           string
	pgnComments      bool
	maxPlies         int
	seed             uint64
	multiplier       int
	moveTimeout      time.Duration
	moveTime         time.Duration
	tc               string
	players          []string
	tournament       string
	resign, draw     string
	proven           bool
	timeMargin       time.Duration
	state            string
	resume           bool
	cluster          clusterOptions
	args             []string // the command line, for the report
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
                            param.NAME=V (a search knob: rfpDepth,
                              rfpMargin, nullMinDepth, lmrFirst, lmrDiv,
                              deltaMargin, qsRelays; docs/spsa.md)
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
			o.args = commandLine(cmd)
			return o.run(cmd.Context(), g)
		},
	}
	f := c.Flags()
	f.StringVar(&o.player1, "player1", "", "first player's SPEC (required)")
	f.StringVar(&o.player2, "player2", "", "second player's SPEC (required)")
	f.StringArrayVar(&o.players, "player", nil, "a tournament's player SPEC (repeat it for each player, instead of --player1 and --player2)")
	f.StringVar(&o.tournament, "tournament", "roundrobin", "with --player: roundrobin (every player against every other) or gauntlet (the first against each other)")
	f.IntVar(&o.games, "games", 0, fmt.Sprintf("games to play (default: two per opening); with --sprt the most to play (default: until the SPRT decides, at most %d)", match.SPRTMaxGames))
	f.StringVar(&o.openings, "openings", "", "openings file, one position a line (default: the standard start)")
	f.IntVar(&o.concurrency, "concurrency", 1, "games played at a time")
	f.StringVar(&o.sprt, "sprt", "", "play until the SPRT decides: elo0,elo1,alpha,beta (e.g. 0,10,0.05,0.05); --games caps it")
	f.StringVar(&o.out, "out", "", "write every game to this file, one line each")
	f.StringVar(&o.pgnOut, "pgnout", "", "append every game to this PGN file (created when missing, locked while the match runs)")
	f.StringVar(&o.report, "report", "", "write a self-contained HTML page (score over time, Elo with its interval, the SPRT's LLR, score by colour and by opening) to this file when the match ends; a name ending in .svg gets the charts as one SVG image")
	f.BoolVar(&o.pgnComments, "pgn-comments", true, "in the PGN, follow each move with {score/depth time} (score in warriors for the side that moved)")
	f.IntVar(&o.maxPlies, "max-plies", 1000, "adjudicate a game by the own-row sweep after this many moves (0: no cap)")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the random players and redistributions")
	settings.Flag(f, settings.Multiplier, &o.multiplier, "one-warrior multiplier for match points (2..10)")
	durationVar(f, &o.moveTime, "movetime", 0, "time a move offered to every player (default: none, or 100 ms when a ugi player plays); engine specs use the smaller of it and their own movetime")
	f.StringVar(&o.tc, "tc", "", "time control, as cutechess: 40/60 (60 s a 40 moves), 10+0.1 (10 s a game, 0.1 s a move added), inf, or st=0.1 (0.1 s a move, as --movetime)")
	durationVar(f, &o.timeMargin, "timemargin", 0, "with a --tc clock, how far past its clock a player may go before it loses on time")
	f.StringVar(&o.resign, "resign", "", "adjudicate a loss when both engines see one side lost by N warriors or more for M moves each: movecount=M,score=N (default: off)")
	f.StringVar(&o.draw, "draw", "", "adjudicate a draw when both engines see the game within S warriors for M moves each, from move pair K: movenumber=K,movecount=M,score=S (default: off)")
	f.BoolVar(&o.proven, "adjudicate-proven", false, "end a game when an engine's search proves its value, with that margin")
	durationVar(f, &o.moveTimeout, "move-timeout", time.Minute, "a player that takes longer for one move forfeits (at least --movetime plus a second)")
	f.StringVar(&o.state, "state", "", "keep the match's state (settings and every game) in this file, replaced whole after each game, so --resume can continue it")
	f.BoolVar(&o.resume, "resume", false, "continue the match in --state (made with the same settings)")
	o.cluster.addFlags(f)
	return c
}

func (o *matchOptions) run(ctx context.Context, g *globalOptions) error {
	players, specs, err := o.parsePlayers()
	if err != nil {
		return err
	}
	cfg, err := match.Options{Players: players, Games: o.games, Concurrency: o.concurrency, Seed: o.seed, Multiplier: o.multiplier,
		MaxPlies: o.maxPlies, MoveTime: o.moveTime, MoveTimeout: o.moveTimeout, TC: o.tc, TimeMargin: o.timeMargin,
		Resign: o.resign, Draw: o.draw, Proven: o.proven, SPRT: o.sprt, Openings: o.openings, Rules: g.rules()}.Config()
	if err != nil {
		return err
	}
	if o.resume && o.state == "" {
		return errors.New("--resume needs --state FILE")
	}
	if o.state != "" {
		if o.cluster.enabled() || len(o.players) > 0 {
			return errors.New("--state: only a local two-player match keeps a state file (a --nats run resumes by its session)")
		}
		st, done, err := match.OpenState(o.state, o.resume, &cfg)
		if err != nil {
			return err
		}
		defer st.Close()
		cfg.State, cfg.Done = st, done
	}
	if o.out != "" {
		open := os.Create
		if o.resume { // the games file goes on with the match
			open = func(name string) (*os.File, error) {
				return os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
			}
		}
		f, err := open(o.out)
		if err != nil {
			return fmt.Errorf("--out: %v", err)
		}
		defer f.Close()
		cfg.Out = f
	}
	if o.report != "" {
		if err := wholefile.CheckWritable(o.report); err != nil {
			return fmt.Errorf("--report: %v", err)
		}
		cfg.KeepPGN = !match.ReportIsSVG(o.report)
	}
	if o.pgnOut != "" {
		f, err := pgn.Append(o.pgnOut)
		if err != nil {
			return fmt.Errorf("--pgnout: %v", err)
		}
		defer f.Close()
		cfg.PGN, cfg.PGNComments = f, o.pgnComments
	}
	ctx, stop := interruptible(ctx)
	defer stop()
	runPair := func(ctx context.Context, cfg match.Config, spec1, spec2 string) (*match.Summary, error) {
		if o.cluster.enabled() {
			return o.cluster.runMatch(ctx, g, cfg, spec1, spec2)
		}
		return match.Run(ctx, cfg)
	}
	if len(o.players) > 0 {
		return o.runTournament(ctx, g, cfg, specs, players, runPair)
	}
	watch := match.NewWatch(g.errOut, cfg.PlannedGames(), cfg.SPRT != nil)
	cfg.Progress = watch.Game
	sum, err := runPair(ctx, cfg, specs[0], specs[1])
	watch.Done()
	if sum != nil && sum.Counts.Games() > 0 {
		fmt.Fprint(g.out, sum.Table())
		if rerr := o.writeReport(&cfg, players, nil, []match.ReportSection{{Summary: sum, Openings: cfg.Openings}}); rerr != nil {
			return rerr
		}
	}
	if err != nil && ctx.Err() != nil {
		err := interrupted(sum)
		if o.state != "" {
			err = fmt.Errorf("%v; --resume --state %s continues it", err, o.state)
		}
		return &exitError{code: 130, err: err}
	}
	if err != nil {
		return fmt.Errorf("match: %v", err)
	}
	return nil
}

// writeReport writes --report, when given, whole: the HTML page, or the
// charts as one SVG image when the name ends in .svg.
func (o *matchOptions) writeReport(cfg *match.Config, players []match.Factory, t *match.Tournament, secs []match.ReportSection) error {
	if o.report == "" {
		return nil
	}
	info := match.NewReportInfo(strings.Join(o.args, " "), cfg, players, version+" "+commit, t != nil)
	if err := match.WriteReportFile(o.report, info, t, secs); err != nil {
		return fmt.Errorf("--report: %v", err)
	}
	return nil
}

// parsePlayers reads --player1 and --player2, or the --player list of a
// tournament; errors name the flag.
func (o *matchOptions) parsePlayers() ([]match.Factory, []string, error) {
	specs := []string{o.player1, o.player2}
	name := func(i int) string { return fmt.Sprintf("--player%d", i+1) }
	if len(o.players) > 0 {
		if o.player1 != "" || o.player2 != "" {
			return nil, nil, errors.New("give --player1 and --player2, or --player for each player of a tournament, not both")
		}
		if o.sprt != "" {
			return nil, nil, errors.New("--sprt: a tournament has no SPRT (play the pairing as a two-player match)")
		}
		if len(o.players) < 2 {
			return nil, nil, fmt.Errorf("--player: a tournament needs at least 2 players, got %d", len(o.players))
		}
		specs = o.players
		name = func(i int) string { return fmt.Sprintf("--player %s (player %d)", specs[i], i+1) }
	} else if o.player1 == "" || o.player2 == "" {
		return nil, nil, errors.New("match: --player1 and --player2 are both required (or --player for each player of a tournament)")
	}
	players := make([]match.Factory, len(specs))
	for i, sp := range specs {
		p, err := match.ParseSpec(sp)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", name(i), err)
		}
		players[i] = p
	}
	if err := match.CheckNames(players, len(o.players) > 0); err != nil {
		return nil, nil, err
	}
	return players, specs, nil
}

// runTournament plays every pairing and prints the standings.
func (o *matchOptions) runTournament(ctx context.Context, g *globalOptions, base match.Config, specs []string, players []match.Factory, run match.PairRunner) error {
	kind, err := match.ParseKind(o.tournament)
	if err != nil {
		return fmt.Errorf("--tournament: %v", err)
	}
	pairs := len(kind.Pairs(len(players)))
	watch := match.NewWatch(g.errOut, pairs*base.PlannedGames(), false)
	base.Progress = watch.Game
	played := 0
	pairRun := func(ctx context.Context, cfg match.Config, spec1, spec2 string) (*match.Summary, error) {
		s, err := run(ctx, cfg, spec1, spec2)
		if s != nil {
			played += s.Counts.Games()
		}
		return s, err
	}
	t, err := match.RunTournament(ctx, base, specs, players, kind, pairRun)
	watch.Done()
	if len(t.Pairs) > 0 {
		fmt.Fprint(g.out, t.Table())
		var secs []match.ReportSection
		for _, s := range t.Pairs {
			secs = append(secs, match.ReportSection{Summary: s, Openings: base.Openings})
		}
		if rerr := o.writeReport(&base, players, t, secs); rerr != nil {
			return rerr
		}
	}
	if err != nil && ctx.Err() != nil {
		return &exitError{code: 130, err: fmt.Errorf("tournament interrupted after %d games; the table above counts them", played)}
	}
	if err != nil {
		return fmt.Errorf("tournament: %v", err)
	}
	return nil
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

// interrupted says that a match was stopped (Ctrl-C, SIGTERM) and what it
// had counted: the games in play are dropped, the finished ones stand.
func interrupted(sum *match.Summary) error {
	if sum == nil || sum.Counts.Games() == 0 {
		return errors.New("match interrupted before any game finished")
	}
	return fmt.Errorf("match interrupted after %d games; score so far: %s", sum.Counts.Games(), sum.ScoreLine())
}
