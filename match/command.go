// kiothi match as its flags give it (Command): the players read, the
// output files opened, the state kept, the progress watched, a match or a
// tournament played and its table and report written, in one call.

package match

import (
	"context"
	"errors"
	"fmt"
	"github.com/kiothi/kiothi/internal/interrupt"
	"io"
	"os"

	"github.com/kiothi/kiothi/internal/filelock"
	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/pgn"
)

// Command is kiothi match's flags: Options (the match's settings; Run
// fills Players from the specs), the players' specs, the files and the
// tournament.
type Command struct {
	Options
	Player1, Player2 string   // --player1, --player2
	Specs            []string // --player, repeated: a tournament
	Tournament       string   // --tournament roundrobin|gauntlet
	Out              string   // --out: one line a game
	PGNOut           string   // --pgnout: appended, locked
	Report           string   // --report: HTML, or SVG by its name
	PGNComments      bool
	State            string // --state FILE
	Resume           bool
	Cluster          bool   // the games are played over a cluster (no state file)
	CommandLine      string // the command as run, for the report
	Self             string // this build's version, for the report
}

// Run plays the match (or tournament) c describes with run (nil:
// match.Run, locally), writes progress to errOut, the final table to
// out and the files c names. Errors name the flag; an interrupted run
// returns *interrupt.Stopped (what was counted, the table already
// written).
func (c *Command) Run(ctx context.Context, out, errOut io.Writer, run PairRunner) error {
	if run == nil {
		run = func(ctx context.Context, cfg Config, _, _ string) (*Summary, error) { return Run(ctx, cfg) }
	}
	specs, err := c.parsePlayers()
	if err != nil {
		return err
	}
	cfg, err := c.Options.Config()
	if err != nil {
		return err
	}
	if c.Resume && c.State == "" {
		return errors.New("--resume needs --state FILE")
	}
	if c.State != "" {
		if c.Cluster || len(c.Specs) > 0 {
			return errors.New("--state: only a local two-player match keeps a state file (a --nats run resumes by its session)")
		}
		st, done, err := OpenState(c.State, c.Resume, &cfg)
		if err != nil {
			return err
		}
		defer st.Close()
		cfg.State, cfg.Done = st, done
	}
	if c.Out != "" {
		f, err := openOut(c.Out, c.Resume)
		if err != nil {
			return fmt.Errorf("--out: %v", err)
		}
		defer f.Close()
		cfg.Out = f
	}
	if c.Report != "" {
		if err := wholefile.CheckWritable(c.Report); err != nil {
			return fmt.Errorf("--report: %v", err)
		}
		cfg.KeepPGN = !ReportIsSVG(c.Report)
	}
	if c.PGNOut != "" {
		f, err := pgn.Append(c.PGNOut)
		if err != nil {
			return fmt.Errorf("--pgnout: %v", err)
		}
		defer f.Close()
		cfg.PGN, cfg.PGNComments = f, c.PGNComments
	}
	if len(c.Specs) > 0 {
		return c.runTournament(ctx, out, errOut, cfg, specs, run)
	}
	watch := NewWatch(errOut, cfg.PlannedGames(), cfg.SPRT != nil)
	cfg.Progress, cfg.Note = watch.Game, watch.Note
	sum, err := run(ctx, cfg, specs[0], specs[1])
	watch.Done()
	if sum != nil && sum.Counts.Games() > 0 {
		fmt.Fprint(out, sum.Table())
		if rerr := c.writeReport(&cfg, nil, []ReportSection{{Summary: sum, Openings: cfg.Openings}}); rerr != nil {
			return rerr
		}
	}
	if err != nil && ctx.Err() != nil {
		msg := interrupted(sum)
		if c.State != "" {
			msg = fmt.Sprintf("%s; --resume --state %s continues it", msg, c.State)
		}
		return &interrupt.Stopped{Msg: msg}
	}
	if err != nil {
		return fmt.Errorf("match: %v", err)
	}
	return nil
}

// writeReport writes --report, when given, whole: the HTML page, or the
// charts as one SVG image when the name ends in .svg.
func (c *Command) writeReport(cfg *Config, t *Tournament, secs []ReportSection) error {
	if c.Report == "" {
		return nil
	}
	info := NewReportInfo(c.CommandLine, cfg, c.Players, c.Self, t, secs)
	if err := WriteReportFile(c.Report, info, t, secs); err != nil {
		return fmt.Errorf("--report: %v", err)
	}
	return nil
}

// parsePlayers reads --player1 and --player2, or the --player list of a
// tournament, into c.Players and returns their specs; errors name the
// flag.
func (c *Command) parsePlayers() ([]string, error) {
	specs := []string{c.Player1, c.Player2}
	name := func(i int) string { return fmt.Sprintf("--player%d", i+1) }
	if len(c.Specs) > 0 {
		if c.Player1 != "" || c.Player2 != "" {
			return nil, errors.New("give --player1 and --player2, or --player for each player of a tournament, not both")
		}
		if c.SPRT != "" {
			return nil, errors.New("--sprt: a tournament has no SPRT (play the pairing as a two-player match)")
		}
		if len(c.Specs) < 2 {
			return nil, fmt.Errorf("--player: a tournament needs at least 2 players, got %d", len(c.Specs))
		}
		specs = c.Specs
		name = func(i int) string { return fmt.Sprintf("--player %s (player %d)", specs[i], i+1) }
	} else if c.Player1 == "" || c.Player2 == "" {
		return nil, errors.New("match: --player1 and --player2 are both required (or --player for each player of a tournament)")
	}
	players := make([]Factory, len(specs))
	for i, sp := range specs {
		p, err := ParseSpec(sp)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name(i), err)
		}
		players[i] = p
	}
	if err := CheckNames(players, len(c.Specs) > 0); err != nil {
		return nil, err
	}
	c.Players = players
	return specs, nil
}

// runTournament plays every pairing and prints the standings.
func (c *Command) runTournament(ctx context.Context, out, errOut io.Writer, base Config, specs []string, run PairRunner) error {
	kind, err := ParseKind(c.Tournament)
	if err != nil {
		return fmt.Errorf("--tournament: %v", err)
	}
	pairs := len(kind.Pairs(len(c.Players)))
	watch := NewWatch(errOut, pairs*base.PlannedGames(), false)
	base.Progress, base.Note = watch.Game, watch.Note
	played := 0
	pairRun := func(ctx context.Context, cfg Config, spec1, spec2 string) (*Summary, error) {
		s, err := run(ctx, cfg, spec1, spec2)
		if s != nil {
			played += s.Counts.Games()
		}
		return s, err
	}
	t, err := RunTournament(ctx, base, specs, c.Players, kind, pairRun)
	watch.Done()
	if len(t.Pairs) > 0 {
		fmt.Fprint(out, t.Table())
		var secs []ReportSection
		for _, s := range t.Pairs {
			secs = append(secs, ReportSection{Summary: s, Openings: base.Openings})
		}
		if rerr := c.writeReport(&base, t, secs); rerr != nil {
			return rerr
		}
	}
	if err != nil && ctx.Err() != nil {
		return &interrupt.Stopped{Msg: fmt.Sprintf("tournament interrupted after %s; the table above counts them", plural.Count(played, "game"))}
	}
	if err != nil {
		return fmt.Errorf("tournament: %v", err)
	}
	return nil
}

// interrupted says that a match was stopped (Ctrl-C, SIGTERM) and what it
// had counted: the games in play are dropped, the finished ones stand.
func interrupted(sum *Summary) string {
	if sum == nil || sum.Counts.Games() == 0 {
		return "match interrupted before any game finished"
	}
	return fmt.Sprintf("match interrupted after %s; score so far: %s", plural.Count(sum.Counts.Games(), "game"), sum.ScoreLine())
}

// openOut opens the games file, written as the games end, locked against
// a second writer (internal/filelock) before anything is cut: emptied for
// a new match, continued at its end on --resume.
func openOut(path string, resume bool) (*os.File, error) {
	f, err := wholefile.OpenWrite(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if _, err := filelock.File(f); err != nil {
		f.Close()
		return nil, err
	}
	if resume {
		_, err = f.Seek(0, io.SeekEnd)
	} else {
		err = f.Truncate(0)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
