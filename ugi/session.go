// Package ugi speaks the Universal Game Interface (UCI generalised to any
// two-player game, as the cutegames match runner uses it) for Kiothi: a
// Session serves a front-end over a pair of streams, and a Client drives an
// external UGI engine for the match runner.
package ugi

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// Searcher is what a session searches with; *search.Engine is one.
type Searcher interface {
	Search(ctx context.Context, root position.Position, history []uint64, l search.Limits, info func(search.Info)) search.Result
	NewGame()
}

// Book is an opening book the session consults before searching when the
// OwnBook option is on. Probe returns a move for the game so far, or false.
type Book interface {
	Probe(root position.Position, history []uint64) (position.GameMove, bool)
}

// Config sets up a session.
type Config struct {
	Name, Author string        // the id lines
	Rules        movegen.Rules // the default of FreeFirstLap
	// NewSearcher builds a searcher for the current options; nil means
	// search.NewEngine.
	NewSearcher func(search.Options) (Searcher, error)
	// OpenBook opens a book file. The OwnBook and BookFile options are
	// declared only when it is set (the hook for the opening book).
	OpenBook func(path string) (Book, error)
}

// Session is one protocol session. Run it once.
type Session struct {
	cfg      Config
	out      *lineWriter
	st       settings
	searcher Searcher
	stale    bool // options changed since searcher was built
	book     Book
	game     *movegen.Game
	run      *searchRun // the search in flight or last finished, or nil
}

// NewSession returns a session that writes to out.
func NewSession(out io.Writer, cfg Config) *Session {
	if cfg.Name == "" {
		cfg.Name = "Kiothi"
	}
	if cfg.Author == "" {
		cfg.Author = "the Kiothi authors"
	}
	if cfg.NewSearcher == nil {
		cfg.NewSearcher = func(o search.Options) (Searcher, error) { return search.NewEngine(o) }
	}
	s := &Session{cfg: cfg, out: newLineWriter(out), st: defaultSettings(cfg.Rules)}
	s.game = movegen.NewGame(position.Start(s.st.setup), s.rules())
	return s
}

func (s *Session) rules() movegen.Rules { return movegen.Rules{FreeFirstLap: s.st.freeFirstLap} }

// Run reads commands from in until quit or the end of input, then stops
// any search and returns once its goroutine has ended. It returns an error
// only if reading in failed other than by ending.
func (s *Session) Run(in io.Reader) error {
	defer s.stopSearch()
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(r)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if tooLong {
			s.out.errorf("line longer than %d bytes ignored", maxLine)
			continue
		}
		if s.Handle(line) {
			return nil
		}
	}
}

// Handle runs one command line and reports whether it was quit.
func (s *Session) Handle(line string) (quit bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	var err error
	switch cmd, args := f[0], f[1:]; cmd {
	case "ugi", "uci":
		s.identify(cmd + "ok")
	case "isready":
		if !s.busy() {
			if err := s.ensureSearcher(); err != nil {
				s.out.errorf("%v", err)
			}
		}
		s.out.println("readyok")
	case "setoption":
		err = s.setOption(args)
	case "uginewgame", "ucinewgame":
		err = s.newGame()
	case "position":
		err = s.setPosition(args)
	case "go":
		err = s.goCmd(args)
	case "stop":
		s.stopSearch()
	case "query":
		err = s.query(args)
	case "debug":
		// accepted and ignored, as UCI allows
	case "quit":
		return true
	default:
		err = fmt.Errorf("unknown command %q", clip(cmd))
	}
	if err != nil {
		s.out.errorf("%v", err)
	}
	return false
}

// clip shortens what is echoed back from bad input.
func clip(s string) string { return excerpt.Prefix(s) }

func (s *Session) identify(ok string) {
	s.out.printf("id name %s", s.cfg.Name)
	s.out.printf("id author %s", s.cfg.Author)
	for i := range options {
		o := &options[i]
		if o.book && s.cfg.OpenBook == nil {
			continue
		}
		s.out.printf("option name %s %s", o.name, o.declare(&s.st))
	}
	s.out.println(ok)
}

// ensureSearcher builds the searcher if there is none or the options
// changed. On failure the old one, if any, stays.
func (s *Session) ensureSearcher() error {
	if s.searcher != nil && !s.stale {
		return nil
	}
	e, err := s.cfg.NewSearcher(s.st.searchOptions())
	if err != nil {
		return fmt.Errorf("engine: %v", err)
	}
	s.searcher, s.stale = e, false
	return nil
}

func (s *Session) newGame() error {
	if s.busy() {
		return fmt.Errorf("uginewgame during a search: send stop first")
	}
	if s.searcher != nil && !s.stale {
		s.searcher.NewGame()
	}
	s.game = movegen.NewGame(position.Start(s.st.setup), s.rules())
	return nil
}

// setPosition handles "position startpos|fen <4 fields> [moves M...]". Any
// error rejects the whole command and keeps the previous position.
func (s *Session) setPosition(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("position: want startpos or fen <position>, then moves <moves...>")
	}
	var p position.Position
	var rest []string
	switch args[0] {
	case "startpos":
		p, rest = position.Start(s.st.setup), args[1:]
	case "fen":
		if len(args) < 5 {
			return fmt.Errorf("position fen: want the four fields board prisons side turn, got %d", len(args)-1)
		}
		var err error
		if p, err = position.Parse(strings.Join(args[1:5], " ")); err != nil {
			return fmt.Errorf("position fen: %v", err)
		}
		rest = args[5:]
	default:
		return fmt.Errorf("position: %q: want startpos or fen", clip(args[0]))
	}
	if len(rest) > 0 && rest[0] != "moves" {
		return fmt.Errorf("position: %q after the position: want moves", clip(rest[0]))
	}
	var moves []position.GameMove
	if len(rest) > 0 {
		moves = make([]position.GameMove, len(rest)-1)
		for k, ms := range rest[1:] {
			m, err := position.ParseGameMove(ms)
			if err != nil {
				return fmt.Errorf("position: move %d %q: %v (position kept)", k+1, clip(ms), err)
			}
			moves[k] = m
		}
	}
	if s.extends(p, moves) {
		return s.extend(moves)
	}
	g := movegen.NewGame(p, s.rules())
	for k, m := range moves {
		if err := g.Play(m); err != nil {
			return fmt.Errorf("position: move %d %q: %v (position kept)", k+1, m, err)
		}
	}
	s.game = g
	return nil
}

// extends reports whether the game from start through moves continues
// the current game: runners resend the whole history before every move.
func (s *Session) extends(start position.Position, moves []position.GameMove) bool {
	g := s.game
	if g.Start != start || g.Rules != s.rules() || len(moves) < len(g.Moves) {
		return false
	}
	for k, m := range g.Moves {
		if moves[k] != m {
			return false
		}
	}
	return true
}

// extend plays the moves past the current game's; if one is illegal it
// takes back those it played, so the previous position stays.
func (s *Session) extend(moves []position.GameMove) error {
	g := s.game
	n := len(g.Moves)
	for k, m := range moves[n:] {
		if err := g.Play(m); err != nil {
			for len(g.Moves) > n {
				g.Undo()
			}
			return fmt.Errorf("position: move %d %q: %v (position kept)", n+k+1, m, err)
		}
	}
	return nil
}

// query answers "query <question>" with one two-token response line
// (query fen answers the position string, which has spaces).
func (s *Session) query(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("query: want gameover, p1turn, result, islegal <move> or fen")
	}
	if args[0] != "islegal" && len(args) > 1 {
		return fmt.Errorf("query %s: unexpected %q", args[0], clip(args[1]))
	}
	cur := s.game.Current()
	out, over := s.game.Over()
	switch args[0] {
	case "gameover":
		s.out.printf("response %t", over)
	case "p1turn":
		s.out.printf("response %t", cur.Side() == position.South)
	case "result":
		r := "none"
		if over {
			r = map[string]string{"south": "p1win", "north": "p2win", "draw": "draw"}[out.Winner()]
		}
		s.out.println("response " + r)
	case "islegal":
		if len(args) != 2 {
			return fmt.Errorf("query islegal: want one move")
		}
		legal := false
		if m, err := position.ParseGameMove(args[1]); err == nil && !over {
			_, err = movegen.Apply(cur, m, s.game.Rules)
			legal = err == nil
		}
		s.out.printf("response %t", legal)
	case "fen":
		s.out.println("response " + cur.String())
	default:
		return fmt.Errorf("query: unknown question %q", clip(args[0]))
	}
	return nil
}
