// Package play lets a person play Kiothi against the engine in a
// terminal: a board diagram after every move, moves typed in notation or,
// for the opening, entered step by step, and hint, undo, level, swap, new.
package play

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// Config sets up a game.
type Config struct {
	In          io.Reader
	Out         io.Writer
	Color       bool
	Rules       movegen.Rules
	Setup       position.Setup     // 30 or 25
	Start       *position.Position // a start other than the setup's
	Human       position.Side      // the person's side
	MoveTime    time.Duration      // engine level; default 1 s
	Depth       int                // engine level by depth instead, if > 0
	Multiplier  int                // one-warrior multiplier (default 2)
	Book        Book               // opening book the engine plays from, or nil
	DB          *egdb.DB           // endgame database the engine reads, or nil
	NewSearcher func(search.Options) (search.GameSearcher, error)
}

// session is one sitting, possibly several games.
type session struct {
	cfg   Config
	in    *bufio.Reader
	out   io.Writer
	game  *movegen.Game
	start position.Position
	human position.Side
	eng   search.GameSearcher
	// toldOpening: how to enter a redistribution was said in this game.
	toldOpening bool
}

// errQuit ends the sitting.
var errQuit = errors.New("quit")

// Run plays until the person quits or the input ends.
func Run(cfg Config) error {
	if cfg.Setup != 25 {
		cfg.Setup = 30
	}
	if cfg.MoveTime <= 0 && cfg.Depth <= 0 {
		cfg.MoveTime = time.Second
	}
	if cfg.Multiplier == 0 {
		cfg.Multiplier = movegen.DefaultMultiplier
	}
	if err := movegen.CheckMultiplier(cfg.Multiplier); err != nil {
		return err
	}
	if cfg.NewSearcher == nil {
		cfg.NewSearcher = func(o search.Options) (search.GameSearcher, error) { return search.NewEngine(o) }
	}
	eng, err := cfg.NewSearcher(search.Options{Threads: 1, HashMB: limits.SessionHashMB, MultiPV: 1, Rules: cfg.Rules, Multiplier: cfg.Multiplier, DB: cfg.DB})
	if err != nil {
		return err
	}
	s := &session{cfg: cfg, in: bufio.NewReader(cfg.In), out: cfg.Out, human: cfg.Human, eng: eng}
	s.start = position.Start(cfg.Setup)
	if cfg.Start != nil {
		s.start = *cfg.Start
	}
	s.game = movegen.NewGame(s.start, cfg.Rules)
	fmt.Fprintf(s.out, "Kiothi: you play %s. Type help for the commands.\n", sideName(s.human))
	err = s.loop()
	if err == errQuit {
		fmt.Fprintln(s.out, "Goodbye.")
		return nil
	}
	return err
}

func (s *session) printf(format string, args ...any) { fmt.Fprintf(s.out, format, args...) }

// readLine prompts and reads one line; the end of input quits. A line
// longer than limits.MaxLine is refused and the prompt repeated.
func (s *session) readLine(prompt string) (string, error) {
	for {
		s.printf("%s", prompt)
		line, tooLong, err := limits.ReadLine(s.in)
		if err != nil {
			s.printf("\n")
			if err == io.EOF {
				return "", errQuit
			}
			return "", err
		}
		if tooLong {
			s.printf("That line is longer than %d bytes: ignored.\n", limits.MaxLine)
			continue
		}
		return strings.TrimSpace(line), nil
	}
}

func (s *session) loop() error {
	s.show()
	for {
		cur := s.game.Current()
		if out, over := s.game.Over(); over {
			s.report(out)
			if err := s.afterEnd(); err != nil {
				return err
			}
			continue
		}
		if cur.Side() != s.human {
			if err := s.engineMove(); err != nil {
				return err
			}
			s.show()
			continue
		}
		if cur.Phase() != position.Play && !s.toldOpening {
			s.printf("Your move is a redistribution: type two of your pits to empty (e.g. %s), then\n"+
				"where their warriors go as <pit><count> (e.g. %s), or the whole move at once (e.g. %s).\n",
				examplePair(cur), exampleDrops(cur), exampleOpening(cur))
			s.toldOpening = true
		}
		line, err := s.readLine(fmt.Sprintf("%s> ", strings.ToLower(sideName(s.human))))
		if err != nil {
			return err
		}
		moved, err := s.command(line)
		if err != nil {
			return err
		}
		if moved {
			s.show()
		}
	}
}

// afterEnd waits, at the end of a game, for new, undo or quit.
func (s *session) afterEnd() error {
	for {
		line, err := s.readLine("game over (new, undo, swap, quit)> ")
		if err != nil {
			return err
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "new", "undo", "swap", "quit", "exit", "help", "?", "board", "level":
			if _, err := s.command(line); err != nil {
				return err
			}
			if _, over := s.game.Over(); !over {
				s.show() // new or undo: the game goes on from this board
				return nil
			}
		default:
			s.printf("The game is over: type new for another, undo to take back a move, or quit.\n")
		}
	}
}

// limits returns the engine's limits at the current level.
func (s *session) limits() search.Limits {
	return search.Limits{MoveTime: s.cfg.MoveTime, Depth: s.cfg.Depth}
}

// think searches the current position within the level, never longer
// than the move time (when the level is a time).
func (s *session) think() (search.Result, position.GameMove) {
	root := s.game.Current()
	ctx := context.Background()
	if s.cfg.MoveTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.cfg.MoveTime)
		defer cancel()
	}
	res := s.eng.Search(ctx, root, s.game.History(), s.limits(), nil)
	if res.Note != "" { // the database's file changed: said once, the search that saw it
		s.printf("Kiothi: %s.\n", res.Note)
	}
	m := res.Best
	if !res.HasMove {
		m, _ = movegen.FirstLegal(root, s.game.Rules)
	} else if _, err := movegen.Apply(root, m, s.game.Rules); err != nil {
		m, _ = movegen.FirstLegal(root, s.game.Rules)
	}
	return res, m
}

// scoreText describes a search's score, which is from the view of the
// side that was to move, named by whose ("Kiothi", "you").
func scoreText(res search.Result, whose string) string {
	sign := "+"
	v := res.Score
	if v < 0 {
		sign, v = "-", -v
	}
	t := fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
	if res.Proven {
		t += ", proven"
	}
	return fmt.Sprintf("score %s for %s, depth %d", t, whose, res.Depth)
}

func (s *session) engineMove() error {
	cur := s.game.Current()
	side := cur.Side()
	if e, ok := s.bookMove(); ok {
		if err := s.game.Play(e.Move); err != nil {
			return fmt.Errorf("engine book move %s: %v", e.Move, err) // cannot happen: bookMove checks
		}
		s.printf("Kiothi (%s) plays %s (%s).\n", sideName(side), e.Move, bookText(e, "Kiothi"))
		return nil
	}
	res, m := s.think()
	if err := s.game.Play(m); err != nil {
		return fmt.Errorf("engine move %s: %v", m, err) // cannot happen: think checks
	}
	s.printf("Kiothi (%s) plays %s (%s).\n", sideName(side), m, scoreText(res, "Kiothi"))
	return nil
}
