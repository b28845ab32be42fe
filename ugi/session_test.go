// Tests of the UGI session, driven in-process through pipes.

package ugi

import (
	"errors"
	"fmt"
	"github.com/kiothi/kiothi/ugiclient"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/settings"
)

func TestHandshake(t *testing.T) {
	for _, tc := range []struct {
		cmd, ok string
		book    bool
	}{{"ugi", "ugiok", false}, {"uci", "uciok", false}, {"ugi", "ugiok", true}} {
		t.Run(fmt.Sprintf("%s book %t", tc.cmd, tc.book), func(t *testing.T) {
			cfg := Config{Name: "Kiothi test"}
			if tc.book {
				cfg.OpenBook = func(string) (Book, error) { return nil, errors.New("no") }
			}
			h := startSession(t, cfg)
			h.send(tc.cmd)
			if l := h.next(); l != "id name Kiothi test" {
				t.Errorf("first line %q", l)
			}
			if l := h.next(); !strings.HasPrefix(l, "id author ") {
				t.Errorf("second line %q", l)
			}
			declared := map[string]bool{}
			for {
				l := h.next()
				if l == tc.ok {
					break
				}
				f := strings.Fields(l)
				if len(f) < 5 || f[0] != "option" || f[1] != "name" || f[3] != "type" {
					t.Fatalf("unexpected line %q before %s", l, tc.ok)
				}
				declared[f[2]] = true
			}
			for _, name := range []string{"Hash", "Threads", "MultiPV", "Setup", "FreeFirstLap", "OneWarriorMultiplier", "Objective", "MoveOverhead"} {
				if !declared[name] {
					t.Errorf("option %s not declared", name)
				}
			}
			if declared["OwnBook"] != tc.book || declared["BookFile"] != tc.book {
				t.Errorf("book options declared %v, want %v", declared["OwnBook"], tc.book)
			}
			h.want("isready", "readyok")
			h.quit()
		})
	}
}

func TestPositionAndQueries(t *testing.T) {
	h := startSession(t, Config{})
	start := position.Start(30)
	h.want("query fen", "response "+start.String())
	h.want("query p1turn", "response true")
	h.want("query gameover", "response false")
	h.want("query result", "response none")
	h.want("query islegal ef:e5f5", "response true")
	h.want("query islegal e5", "response false")

	// Play a few moves by the first-legal rule and check the session agrees.
	g := movegen.NewGame(start, movegen.Rules{})
	var moves []string
	for k := 0; k < 12; k++ {
		m, ok := movegen.FirstLegal(g.Current(), g.Rules)
		if !ok {
			break
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m.String())
	}
	cmd := "position startpos moves " + strings.Join(moves, " ")
	h.send(cmd, cmd) // runners send it twice
	cur := g.Current()
	h.want("query fen", "response "+cur.String())
	h.want("query p1turn", fmt.Sprintf("response %t", cur.Side() == position.South))

	// The same game given by fen.
	h.send("position fen " + start.String() + " moves " + strings.Join(moves, " "))
	h.want("query fen", "response "+cur.String())

	// A start that cannot be read leaves no game: over, no result, and go
	// answers none (a runner that sent it ends the game).
	for _, bad := range []string{
		"position fen 1 2 3",
		"position fen 0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 x 1",
		"position fen 9.9.9.9.9.9.9.9.9.9/0.0.0.0.5.5.5.5.5.5 0-0 s 3",
		"position startpos junk",
		"position",
		"position middle",
	} {
		t.Run(bad, func(t *testing.T) {
			h := h.on(t)
			h.wantError(bad)
			h.want("query gameover", "response true")
			h.want("query result", "response none")
			h.want("query islegal "+moves[0], "response false")
			h.send("go movetime 10")
			if l := h.next(); !strings.HasPrefix(l, "info string error: ") {
				t.Errorf("go after %q: got %q, want an error line", bad, l)
			}
			if m := h.bestmove(); m != "none" {
				t.Errorf("go after %q: bestmove %s, want none", bad, m)
			}
		})
	}
	// A malformed or illegal move ends the game there, lost by the side
	// that played it (the session is the referee).
	for _, bad := range []struct {
		cmd         string
		fen, result string
		movesBefore int
	}{
		{cmd + " e1e1", cur.String(), map[bool]string{true: "p2win", false: "p1win"}[cur.Side() == position.South], 12},
		{cmd + " " + moves[0], cur.String(), map[bool]string{true: "p2win", false: "p1win"}[cur.Side() == position.South], 12},
		{"position startpos moves ef:e5f5 ef:e5f5", g.Positions[1].String(), "p1win", 1},
		{"position startpos moves e5", start.String(), "p2win", 0},
	} {
		t.Run(bad.cmd, func(t *testing.T) {
			h := h.on(t)
			h.wantError(bad.cmd)
			h.want("query gameover", "response true")
			h.want("query result", "response "+bad.result)
			h.want("query fen", "response "+bad.fen)
			h.send("go depth 1")
			h.next() // the error line
			if m := h.bestmove(); m != "none" {
				t.Errorf("go after %q: bestmove %s, want none", bad.cmd, m)
			}
			// The same command again is refereed the same way.
			h.wantError(bad.cmd)
			h.want("query result", "response "+bad.result)
		})
	}
	h.send("position startpos moves")
	h.want("query fen", "response "+start.String())
	h.wantError("query")
	h.wantError("query colour")
	h.wantError("query gameover now")
	h.wantError("query islegal")
	h.quit()
}

func TestGameOverQueries(t *testing.T) {
	h := startSession(t, Config{})
	// South has nothing to move: the game is over and the warrior on the
	// board goes to North, who still loses 5-1.
	h.send("position fen 0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.1 5-0 s 3")
	h.want("query gameover", "response true")
	h.want("query result", "response p1win")
	h.want("query islegal a1", "response false")
	h.send("go movetime 50")
	if m := h.bestmove(); m != "none" {
		t.Errorf("bestmove %q when the game is over, want none", m)
	}
	h.send("position fen 0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.7 1-0 s 3")
	h.want("query result", "response p2win")
	h.send("position fen 0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.1 1-0 s 3")
	h.want("query result", "response draw")
	h.quit()
}

// TestSearchWithEngine runs the real engine API from the start.
func TestSearchWithEngine(t *testing.T) {
	h := startSession(t, Config{})
	h.want("isready", "readyok")
	h.send("position startpos", "go depth 2")
	m := h.bestmove()
	gm, err := position.ParseGameMove(m)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := movegen.Apply(position.Start(30), gm, movegen.Rules{}); err != nil {
		t.Errorf("bestmove %s illegal: %v", m, err)
	}
	h.quit()
}

func TestStopAndIsreadyDuringSearch(t *testing.T) {
	f := &slowSearcher{}
	h := startSession(t, slowConfig(f))
	h.send("position startpos", "go infinite")
	h.want("isready", "readyok")
	h.wantError("go depth 3")
	h.wantError("setoption name Hash value 8")
	h.wantError("uginewgame")
	h.want("query p1turn", "response true")
	h.send("stop")
	m := h.bestmove()
	if want, _ := movegen.FirstLegal(position.Start(30), movegen.Rules{}); m != want.String() {
		t.Errorf("bestmove %s, want the searcher's %s", m, want)
	}
	// A go sent in reply to bestmove is never refused as busy.
	for k := 0; k < 20; k++ {
		h.send("go depth 2")
		h.bestmove()
	}
	h.send("stop") // no search: ignored
	h.want("isready", "readyok")
	h.quit()
	if n := f.active.Load(); n != 0 {
		t.Errorf("%d searches still running after quit", n)
	}
}

// TestMovetimeDeadline: a searcher that ignores MoveTime is still ended
// by the session's own deadline.
func TestMovetimeDeadline(t *testing.T) {
	f := &slowSearcher{}
	h := startSession(t, slowConfig(f))
	h.send("setoption name MoveOverhead value 10", "position startpos")
	for _, mt := range []string{"movetime 30", "movetime 1", "p1time 100 p2time 100 p1inc 0 p2inc 0", "wtime 0 btime 0"} {
		t.Run(mt, func(t *testing.T) {
			h := h.on(t)
			h.send("isready", "go "+mt)
			if l := h.nextNonInfo(); l != "readyok" {
				t.Fatalf("got %q, want readyok", l)
			}
			h.bestmove()
		})
	}
	// 0 or less is no move time: refused, naming it, as depth 0 and
	// nodes 0 are, on every face.
	for _, bad := range []string{"go movetime 0", "go movetime -5", "go depth 0", "go nodes 0"} {
		h.wantError(bad)
	}
	h.quit()
}

func TestStormDuringSearch(t *testing.T) {
	f := &slowSearcher{}
	h := startSession(t, slowConfig(f))
	rng := rand.New(rand.NewPCG(5, 6))
	garbage := []string{"gogo", "position fen x", "setoption name Nope value 1", "go",
		"query nothing", "position startpos moves z9", "\x00\x01", "setoption name Hash value -1",
		"ponderhit", "go movetime abc"}
	for round := 0; round < 5; round++ {
		h.send("position startpos", "go infinite")
		isready, errors := 0, 0
		for k := 0; k < 200; k++ {
			switch rng.IntN(4) {
			case 0:
				h.send("isready")
				isready++
			case 1:
				h.send(garbage[rng.IntN(len(garbage))])
				errors++
			case 2:
				h.send("query p1turn")
			default:
				h.send("")
			}
		}
		h.send("stop")
		gotReady, gotErrors, gotResponses := 0, 0, 0
		for {
			l := h.next()
			switch {
			case l == "readyok":
				gotReady++
			case strings.HasPrefix(l, "info string error: "):
				gotErrors++
			case l == "response true":
				gotResponses++
			case strings.HasPrefix(l, "bestmove"):
				if len(strings.Fields(l)) != 2 {
					t.Fatalf("bestmove line %q", l)
				}
			case strings.HasPrefix(l, "info depth "):
				continue
			default:
				t.Fatalf("unexpected line %q", l)
			}
			if strings.HasPrefix(l, "bestmove") {
				break
			}
		}
		if gotReady != isready || gotErrors != errors {
			t.Errorf("round %d: %d readyok for %d isready, %d errors for %d bad lines", round, gotReady, isready, gotErrors, errors)
		}
		h.want("isready", "readyok")
	}
	h.quit()
	if n := f.active.Load(); n != 0 {
		t.Errorf("%d searches still running after quit", n)
	}
}

func TestEOFStopsSearch(t *testing.T) {
	f := &slowSearcher{}
	h := startSession(t, slowConfig(f))
	h.send("go infinite")
	h.want("isready", "readyok")
	h.in.Close()
	select {
	case err := <-h.done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(waitLimit):
		t.Fatal("session did not end at EOF")
	}
	if n := f.active.Load(); n != 0 {
		t.Errorf("%d searches still running after EOF", n)
	}
}

func TestIllegalEngineMoveReplaced(t *testing.T) {
	h := startSession(t, Config{NewSearcher: func(search.Options) (search.GameSearcher, error) { return badSearcher{}, nil }})
	h.send("position startpos moves ef:e5f5 EF:E5F5", "go depth 1")
	if l := h.next(); !strings.HasPrefix(l, "info string error: search returned illegal move") {
		t.Errorf("got %q, want the illegal move reported", l)
	}
	m := h.bestmove()
	p, _, err := movegen.ParseAndApply(position.Start(30), "ef:e5f5", movegen.Rules{})
	if err == nil {
		p, _, err = movegen.ParseAndApply(p, "EF:E5F5", movegen.Rules{})
	}
	if err == nil {
		_, _, err = movegen.ParseAndApply(p, m, movegen.Rules{})
	}
	if err != nil {
		t.Errorf("bestmove %s: %v", m, err)
	}
	h.quit()
}

func TestSetOption(t *testing.T) {
	var mu sync.Mutex
	var built []search.Options
	got := func() []search.Options {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(built)
	}
	f := &slowSearcher{}
	h := startSession(t, Config{NewSearcher: func(o search.Options) (search.GameSearcher, error) {
		mu.Lock()
		defer mu.Unlock()
		built = append(built, o)
		return f, nil
	}})
	h.want("isready", "readyok")
	for _, ok := range []string{
		"setoption name Hash value 128", "setoption name threads value 2", "setoption name MultiPV value 3",
		"setoption name FreeFirstLap value true", "setoption name OneWarriorMultiplier value 5",
		"setoption name Objective value match", "setoption name MoveOverhead value 0",
		"setoption name Setup value 25",
	} {
		h.send(ok)
	}
	h.want("isready", "readyok")
	db, err := egdb.OpenSetting(settings.EGDB.Default) // the default database, read at the start
	if err != nil {
		t.Fatal(err)
	}
	want := search.Options{Threads: 2, HashMB: 128, MultiPV: 3, Rules: movegen.Rules{FreeFirstLap: true}, Objective: movegen.Match, Multiplier: 5, DB: db}
	// Each change starts a build at once, in the background; isready waits
	// for the last, which has every option.
	n := len(got())
	if n < 2 || got()[n-1] != want {
		t.Errorf("searchers built with %+v, want the last with %+v", got(), want)
	}
	h.send("position startpos")
	h.want("query fen", "response "+position.Start(25).String())
	for _, bad := range []string{
		"setoption name Hash value 0", "setoption name Hash value big", "setoption name Threads value 100000",
		"setoption name FreeFirstLap value yes", "setoption name OneWarriorMultiplier value 1",
		"setoption name OneWarriorMultiplier value 11", "setoption name Objective value win",
		"setoption name Setup value 20", "setoption name MoveOverhead value -1", "setoption name Hash",
		"setoption name OwnBook value true", "setoption Hash 1", "setoption name value 3", "setoption",
	} {
		t.Run(bad, func(t *testing.T) {
			h := h.on(t)
			h.wantError(bad)
		})
	}
	h.want("isready", "readyok")
	if len(got()) != n {
		t.Errorf("a rejected value rebuilt the searcher (%d builds, then %d)", n, len(got()))
	}
	cleared := f.newGames.Load() // each new searcher's table is cleared once
	if cleared != int32(len(got())) {
		t.Errorf("%d searchers built, %d tables cleared", len(got()), cleared)
	}
	h.send("uginewgame")
	h.want("query fen", "response "+position.Start(25).String())
	h.want("isready", "readyok") // waits for the table to be cleared
	if n := f.newGames.Load() - cleared; n != 1 {
		t.Errorf("uginewgame: NewGame called %d times, want 1", n)
	}
	h.quit()
}

// fixedBook offers one move wherever it is legal, as Book's contract asks
// (book.Player.Move is the real one).
type fixedBook struct{ m position.GameMove }

func (b fixedBook) Probe(root position.Position, _ []uint64, r movegen.Rules) (position.GameMove, bool) {
	if _, err := movegen.Apply(root, b.m, r); err != nil {
		return position.GameMove{}, false
	}
	return b.m, true
}

func TestBookHook(t *testing.T) {
	om, _ := position.ParseOpeningMove("ij:a3b2F5")
	f := &slowSearcher{}
	cfg := slowConfig(f)
	cfg.OpenBook = func(path string) (Book, error) {
		if path != "my book.bin" {
			return nil, errors.New("no such book")
		}
		return fixedBook{position.Redistribute(om)}, nil
	}
	h := startSession(t, cfg)
	h.wantError("setoption name BookFile value other")
	h.send("setoption name BookFile value my book.bin", "setoption name OwnBook value true")
	h.send("position startpos", "go depth 3")
	if m := h.bestmove(); m != "ij:a3b2F5" {
		t.Errorf("bestmove %s, want the book's ij:a3b2F5", m)
	}
	if f.searches.Load() != 0 {
		t.Error("searched though the book had a move")
	}
	h.quit()
}

func TestLongLine(t *testing.T) {
	h := startSession(t, Config{})
	h.wantError(strings.Repeat("x", maxLine+10))
	h.want("query p1turn", "response true")
	h.wantError("unknown")
	h.quit()
}

func TestParseGo(t *testing.T) {
	g, err := parseGo(strings.Fields("p1time 1000 p2time 2000 p1inc 10 p2inc 20 depth 4 nodes 99 movetime 50"))
	if err != nil {
		t.Fatal(err)
	}
	want := search.Limits{P1Time: time.Second, P2Time: 2 * time.Second, P1Inc: 10 * time.Millisecond, P2Inc: 20 * time.Millisecond,
		Depth: 4, Nodes: 99, MoveTime: 50 * time.Millisecond}
	if g.l != want || !g.clock {
		t.Errorf("got %+v, want %+v", g.l, want)
	}
	if g, _ := parseGo([]string{"p1time", "-5"}); g.l.P1Time != 0 || !g.clock {
		t.Errorf("negative clock: %+v", g)
	}
	for _, bad := range []string{"depth", "depth 0", "depth x", "nodes 0", "movetime -1", "ponder", "infinity", "movetime 1.5"} {
		t.Run(bad, func(t *testing.T) {
			if _, err := parseGo(strings.Fields(bad)); err == nil {
				t.Errorf("go %s: no error", bad)
			}
		})
	}
	if ugiclient.GoArgs(g.l, true) != "p1time 1000 p2time 2000 p1inc 10 p2inc 20 movetime 50 depth 4 nodes 99" {
		t.Errorf("GoArgs: %q", ugiclient.GoArgs(g.l, true))
	}
	back, err := parseGo(strings.Fields(ugiclient.GoArgs(g.l, true)))
	if err != nil || back.l != g.l {
		t.Errorf("GoArgs round trip: %+v, %v", back.l, err)
	}
}

func TestHardLimit(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		g    goLimits
		side position.Side
		want time.Duration
	}{
		{goLimits{l: search.Limits{MoveTime: 1000 * ms}}, position.South, 970 * ms},
		{goLimits{l: search.Limits{MoveTime: 40 * ms}}, position.South, 20 * ms},
		{goLimits{l: search.Limits{MoveTime: 40 * ms, Infinite: true}}, position.South, 0},
		{goLimits{l: search.Limits{Depth: 5}}, position.South, 0},
		{goLimits{l: search.Limits{P1Time: 1000 * ms, P2Time: 10 * ms, P1Inc: 100 * ms}, clock: true}, position.South, 600 * ms},
		{goLimits{l: search.Limits{P1Time: 1000 * ms, P2Time: 100 * ms}, clock: true}, position.North, 50 * ms},
		{goLimits{l: search.Limits{P1Time: 1000 * ms, P2Time: 10 * ms}, clock: true}, position.North, ms},
	}
	for _, c := range cases {
		t.Run(ugiclient.GoArgs(c.g.l, c.g.clock)+" "+c.side.String(), func(t *testing.T) {
			if got := hardLimit(c.g, c.side, 30*ms); got != c.want {
				t.Errorf("%+v %v: got %v, want %v", c.g, c.side, got, c.want)
			}
		})
	}
}

func TestSearcherFailure(t *testing.T) {
	h := startSession(t, Config{NewSearcher: func(search.Options) (search.GameSearcher, error) { return nil, errors.New("out of memory") }})
	h.send("isready")
	if l := h.next(); !strings.Contains(l, "out of memory") {
		t.Errorf("got %q, want the engine error", l)
	}
	if l := h.next(); l != "readyok" {
		t.Errorf("got %q, want readyok", l)
	}
	h.send("go depth 1")
	if l := h.next(); !strings.Contains(l, "out of memory") {
		t.Errorf("got %q, want the engine error", l)
	}
	if m := h.bestmove(); m == "none" {
		t.Error("no move though the game is not over")
	}
	h.quit()
}

// TestPositionExtends: a resent history that continues the game is played
// on from where it was; anything else is replayed; either way the result
// is the game the command describes, up to an illegal move if any.
func TestPositionExtends(t *testing.T) {
	h := startSession(t, Config{})
	g := movegen.NewGame(position.Start(30), movegen.Rules{})
	var moves []string
	fens := []string{g.Current().String()}
	for k := 0; k < 10; k++ {
		m, _ := movegen.FirstLegal(g.Current(), g.Rules)
		g.Play(m)
		moves = append(moves, m.String())
		fens = append(fens, g.Current().String())
	}
	cmd := func(n int) string { return "position startpos moves " + strings.Join(moves[:n], " ") }
	for _, n := range []int{3, 3, 7, 10, 2, 0, 5} {
		h.send(cmd(n))
		h.want("query fen", "response "+fens[n])
	}
	h.wantError(cmd(8) + " a1")
	h.want("query fen", "response "+fens[8])
	h.want("query gameover", "response true")
	h.send(cmd(8))
	h.want("query fen", "response "+fens[8])
	// A different history of the same length is replayed, not extended.
	other := movegen.NewGame(position.Start(30), movegen.Rules{})
	om, _ := position.ParseOpeningMove("ij:a3b2F5")
	other.Play(position.Redistribute(om))
	h.send("position startpos moves ij:a3b2F5")
	h.want("query fen", "response "+other.Current().String())
	// Another start with the same moves is replayed too.
	p25 := position.Start(25)
	h.send("position fen " + p25.String() + " moves ij:a3b2F5")
	after, _ := movegen.Apply(p25, position.Redistribute(om), movegen.Rules{})
	h.want("query fen", "response "+after.String())
	h.quit()
}

// TestPositionComments: openings lines carry '#' comments, and runners
// pass them verbatim after "position fen", with the move list after them.
func TestPositionComments(t *testing.T) {
	h := startSession(t, Config{})
	om, _ := position.ParseOpeningMove("ij:a3b2F5")
	after, _ := movegen.Apply(position.Start(30), position.Redistribute(om), movegen.Rules{})
	p25, _ := movegen.Apply(position.Start(25), position.Redistribute(om), movegen.Rules{})
	play := "1*.0.1*.1*.1*.5*.7*.5*.1*.6*/0.2*.0.2*.5*.8*.0.6*.2*.7* 0-0 s 3"
	for cmd, fen := range map[string]string{
		"position fen startpos  # the standard start":                       position.Start(30).String(),
		"position fen startpos  # the standard start moves ij:a3b2F5":       after.String(),
		"position fen startpos25 # two moves in, a comment moves ij:a3b2F5": p25.String(),
		"position startpos moves ij:a3b2F5 # after the moves":               after.String(),
		"position startpos moves ij:a3b2F5# glued":                          after.String(),
		"position fen " + play + "  # ei:a1c1d1e1g2i1j1F2 GI:B2D2F1H1I2J2":  play,
		"position fen " + play + "#x":                                       play,
		"position startpos # a # b moves ij:a3b2F5 # c":                     after.String(),
	} {
		t.Run(cmd, func(t *testing.T) {
			h := h.on(t)
			h.send("position startpos moves ef:e5f5") // something else first
			h.send(cmd)
			if got := h.ask("query fen"); got != "response "+fen {
				t.Fatalf("%q: query fen %q, want %q", cmd, got, fen)
			}
			h.want("query gameover", "response false")
		})
	}
	h.quit()
}
