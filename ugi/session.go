// Package ugi speaks the Universal Game Interface (UCI generalised to any
// two-player game, as the cutegames match runner uses it) for Kiothi: a
// Session serves a front-end over a pair of streams, and a Client drives an
// external UGI engine for the match runner.
package ugi

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/settings"
)

// Book is an opening book the session consults before searching when the
// OwnBook option is on. Probe returns a move for the game so far, or false.
type Book interface {
	// Probe returns the book's move for root under rules r, legal there,
	// or false out of book.
	Probe(root position.Position, history []uint64, r movegen.Rules) (position.GameMove, bool)
}

// Config sets up a session.
type Config struct {
	Name, Author string        // the id lines
	Rules        movegen.Rules // the default of FreeFirstLap
	// NewSearcher builds a searcher for the current options; nil means
	// search.NewEngine.
	NewSearcher func(search.Options) (search.GameSearcher, error)
	// OpenBook opens a book file. The OwnBook and BookFile options are
	// declared only when it is set (the hook for the opening book).
	OpenBook func(path string) (Book, error)
}

// Session is one protocol session. Run it once.
type Session struct {
	cfg   Config
	out   *lineWriter
	st    settings.Engine
	job   *job         // the latest work on the searcher (never nil)
	jobs  atomic.Int64 // jobs started, to let a superseded one pass its work on
	book  Book
	game  *movegen.Game
	fault *fault     // the last position command ended the game, or nil
	run   *searchRun // the search in flight or last finished, or nil
	// egdbSaid is the EGDBFile value and rules last said to be unsuited.
	egdbSaid string
	// saidDB is whether the session has said which endgame database it
	// reads (sayDB) since the EGDBFile option last changed.
	saidDB bool
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
		cfg.NewSearcher = func(o search.Options) (search.GameSearcher, error) { return search.NewEngine(o) }
	}
	s := &Session{cfg: cfg, out: newLineWriter(out), st: defaultSettings(cfg.Rules)}
	if err := s.set(settings.EGDB, s.st.EGDB); err != nil {
		s.st.EGDB = egdb.None
		s.out.errorf("%v (not used)", err)
	}
	s.game = movegen.NewGame(position.Start(s.st.Setup), s.rules())
	s.prepare(false) // the first go need not wait for the table
	return s
}

func (s *Session) rules() movegen.Rules { return s.st.Search.Rules }

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
			s.ready()
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
	d := defaultSettings(s.cfg.Rules)
	for _, o := range options {
		if bookOption(o) && s.cfg.OpenBook == nil {
			continue
		}
		s.out.printf("option name %s %s", o.UGI, declare(o, &d))
	}
	s.out.println(ok)
}

// ready waits for the work on the searcher and reports what failed: the
// build, or a book that does not suit the rules the options now give.
func (s *Session) ready() {
	s.retryFailed()
	<-s.job.done
	if s.job.err != nil {
		s.out.errorf("%v", s.job.err)
	}
	if err := s.bookUnsuited(s.rules()); err != nil {
		s.out.errorf("book %q: %v (not used)", clip(s.st.Book), err)
	}
	s.egdbUnsuited(true)
}

// egdbUnsuited reports, as an error line, that the database EGDBFile
// names was built for other rules than the options now give (it is not
// used: the engine reads no value of other rules), as kiothi solve
// refuses it: always with again (isready), else once for each setting
// and rules (go). Auto's database serves where it can, silently.
func (s *Session) egdbUnsuited(again bool) {
	err := egdb.Unsuited(s.st.EGDB, s.st.Search.DB, s.rules())
	if err == nil {
		return
	}
	key := fmt.Sprintf("%s %v", s.st.EGDB, s.rules())
	if again || s.egdbSaid != key {
		s.out.errorf("EGDBFile: %v (not used)", err)
	}
	s.egdbSaid = key
}

// sayDB writes, once a session and again after EGDBFile changes, an info
// string naming the endgame database the engine reads and how to get the
// larger one (egdb.Says): at the go that first searches with it, where a
// front-end's log shows it, as a chess engine names its network there.
// isready's answer stays readyok alone.
func (s *Session) sayDB() {
	if !s.saidDB {
		s.saidDB = true
		s.out.println("info string " + egdb.Says(s.st.Search.DB))
	}
}

func (s *Session) newGame() error {
	if s.busy() {
		return fmt.Errorf("uginewgame during a search: send stop first")
	}
	s.prepare(true)
	s.game, s.fault = movegen.NewGame(position.Start(s.st.Setup), s.rules()), nil
	return nil
}

// setPosition handles "position startpos|fen <4 fields> [moves M...]",
// with '#' comments (dropComment). The
// session is the referee of the game it is given: a move that is
// malformed or illegal ends the game there, lost by the side that played
// it; a start that cannot be read leaves no game (over, no result). Either
// way the command's error is reported and the game does not go on, so a
// runner that leaves legality to the engines sees the game end.
func (s *Session) setPosition(args []string) error {
	args = dropComment(args)
	s.fault = nil
	p, moves, err := s.parsePosition(args)
	if err != nil {
		s.fault = &fault{}
		return fmt.Errorf("%v (no game until a valid position command)", err)
	}
	k, err := s.playGame(p, moves)
	if err != nil {
		cur := s.game.Current()
		s.fault = &fault{loser: cur.Side(), lost: true}
		if _, over := s.game.Over(); over {
			return fmt.Errorf("position: move %d %q: %v (the game was already over)", k+1, clip(moves[k]), err)
		}
		return fmt.Errorf("position: move %d %q: %v (the game ends: %s loses by it)", k+1, clip(moves[k]), err, sideName(cur.Side()))
	}
	return nil
}

// fault is a game the last position command ended: lost by loser for an
// illegal move, or (lost false) no game at all for a bad start.
type fault struct {
	loser position.Side
	lost  bool
}

func sideName(s position.Side) string {
	if s == position.South {
		return "South (p1)"
	}
	return "North (p2)"
}

// dropComment removes '#' comments from a position command's tokens. A
// comment after the move list runs to the end; one before it runs to the
// last "moves" token: runners pass an openings line verbatim, comment and
// all, and append the move list to it ("position fen <position>  # comment
// moves e5 A3").
func dropComment(args []string) []string {
	for k, a := range args {
		i := strings.IndexByte(a, '#')
		if i < 0 {
			continue
		}
		head := args[:k:k]
		if i > 0 {
			head = append(head, a[:i])
		}
		if slices.Contains(head, "moves") {
			return head
		}
		for m := len(args) - 1; m > k; m-- {
			if args[m] == "moves" {
				return dropComment(append(head, args[m:]...))
			}
		}
		return head
	}
	return args
}

// parsePosition reads the start and the move tokens of a position
// command. "fen startpos" and "fen startpos25" are accepted as runners
// write them from an openings file's startpos line.
func (s *Session) parsePosition(args []string) (position.Position, []string, error) {
	var p position.Position
	var rest []string
	switch {
	case len(args) == 0:
		return p, nil, fmt.Errorf("position: want startpos or fen <position>, then moves <moves...>")
	case args[0] == "startpos" || args[0] == "fen" && len(args) > 1 && args[1] == "startpos":
		p, rest = position.Start(s.st.Setup), args[1:]
		if args[0] == "fen" {
			rest = args[2:]
		}
	case args[0] == "fen" && len(args) > 1 && args[1] == "startpos25":
		p, rest = position.Start(25), args[2:]
	case args[0] == "fen":
		if len(args) < 5 {
			return p, nil, fmt.Errorf("position fen: want the four fields board prisons side turn, got %d", len(args)-1)
		}
		var err error
		if p, err = position.Parse(strings.Join(args[1:5], " ")); err != nil {
			return p, nil, fmt.Errorf("position fen: %v", err)
		}
		rest = args[5:]
	default:
		return p, nil, fmt.Errorf("position: %q: want startpos or fen", clip(args[0]))
	}
	if len(rest) > 0 && rest[0] != "moves" {
		return p, nil, fmt.Errorf("position: %q after the position: want moves", clip(rest[0]))
	}
	if len(rest) > 0 {
		rest = rest[1:]
	}
	return p, rest, nil
}

// playGame makes the session's game the one from start through moves,
// playing on from the current game when the moves continue it (runners
// resend the whole history before every move). At the first move that is
// malformed or illegal it stops, the game holding the moves before it,
// and returns that move's index and the error.
func (s *Session) playGame(start position.Position, tokens []string) (int, error) {
	moves := make([]position.GameMove, 0, len(tokens))
	var bad error
	for _, t := range tokens {
		m, err := position.ParseGameMove(t)
		if err != nil {
			bad = err
			break
		}
		moves = append(moves, m)
	}
	g := s.game
	n := len(g.Moves)
	if g.Start != start || g.Rules != s.rules() || len(moves) < n || !slices.Equal(g.Moves, moves[:n]) {
		g, n = movegen.NewGame(start, s.rules()), 0
		s.game = g
	}
	for k := n; k < len(moves); k++ {
		if err := g.Play(moves[k]); err != nil {
			return k, err
		}
	}
	if bad != nil {
		return len(moves), bad
	}
	return len(moves), nil
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
		s.out.printf("response %t", over || s.fault != nil)
	case "p1turn":
		s.out.printf("response %t", cur.Side() == position.South)
	case "result":
		r := "none"
		switch {
		case over:
			r = map[string]string{"south": "p1win", "north": "p2win", "draw": "draw"}[out.Winner()]
		case s.fault != nil && s.fault.lost && s.fault.loser == position.South:
			r = "p2win"
		case s.fault != nil && s.fault.lost:
			r = "p1win"
		}
		s.out.println("response " + r)
	case "islegal":
		if len(args) != 2 {
			return fmt.Errorf("query islegal: want one move")
		}
		legal := false
		if m, err := position.ParseGameMove(args[1]); err == nil && !over && s.fault == nil {
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
