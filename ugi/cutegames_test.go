// A cutegames-style match driven through pipes: the runner's way of
// talking to engines, as its source does it, must end every game.

package ugi

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// cuteEngine talks to a session as cutegames' UGIEngine does: it sends a
// command and waits for the one line it wants, ignoring all others (info
// lines, errors).
type cuteEngine struct{ h *harness }

func (e cuteEngine) waitFor(pred func([]string) bool) []string {
	e.h.t.Helper()
	for {
		if f := strings.Fields(e.h.next()); pred(f) {
			return f
		}
	}
}

func (e cuteEngine) isReady() {
	e.h.send("isready")
	e.waitFor(func(f []string) bool { return len(f) == 1 && f[0] == "readyok" })
}

// position is cutegames' UGIEngine::position: "startpos" or an empty
// start is "position startpos", anything else goes verbatim after
// "position fen".
func (e cuteEngine) position(start string, moves []string) {
	msg := "position fen " + start
	if start == "" || start == "startpos" {
		msg = "position startpos"
	}
	if len(moves) > 0 {
		msg += " moves " + strings.Join(moves, " ")
	}
	e.h.send(msg)
}

// query is UGIGame's way: the position is resent before every query.
func (e cuteEngine) query(start string, moves []string, q string) string {
	e.position(start, moves)
	e.h.send("query " + q)
	return e.waitFor(func(f []string) bool { return len(f) == 2 && f[0] == "response" })[1]
}

func (e cuteEngine) goMove(tc string) string {
	e.h.send("go " + tc)
	return e.waitFor(func(f []string) bool { return len(f) == 2 && f[0] == "bestmove" })[1]
}

// cuteOpenings is an openings file with comments after the positions, as
// testdata/openings.txt once had them; cutegames skips only lines that
// start with '#' and passes the rest verbatim.
const cuteOpenings = `# openings with trailing comments
startpos  # the standard start
1*.0.1*.1*.1*.5*.7*.5*.1*.6*/0.2*.0.2*.5*.8*.0.6*.2*.7* 0-0 s 3  # ei:a1c1d1e1g2i1j1F2 GI:B2D2F1H1I2J2
`

func TestCutegamesSession(t *testing.T) {
	var openings []string
	for _, l := range strings.Split(cuteOpenings, "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			openings = append(openings, l)
		}
	}
	om, _ := position.ParseOpeningMove("ij:a3b2F5")
	cfg := Config{OpenBook: func(string) (Book, error) {
		return rulesBook{fixedBook{position.Redistribute(om)}, true}, nil
	}}
	rules := movegen.Rules{FreeFirstLap: true}
	// Options in hash-map order (here: shuffled, seeded), the book before
	// the rules it was built for, and one the engine does not know.
	opts := [][2]string{{"Hash", "4"}, {"Threads", "1"}, {"MoveOverhead", "5"}, {"FreeFirstLap", "true"},
		{"BookFile", "book.kbk"}, {"OwnBook", "true"}, {"debug", "false"}}
	rng := rand.New(rand.NewPCG(10, 10))
	var engines [2]cuteEngine
	for k := range engines {
		engines[k] = cuteEngine{startSession(t, cfg)}
		engines[k].h.send("ugi")
		engines[k].waitFor(func(f []string) bool { return len(f) == 1 && f[0] == "ugiok" })
		rng.Shuffle(len(opts), func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
		for _, o := range opts {
			engines[k].h.send("setoption name " + o[0] + " value " + o[1])
		}
	}
	tcs := []string{"movetime 10", "depth 2", "nodes 300", "depth 1"}
	// Game 1: player 2 (engine 1) plays a move of the other side's row at
	// its second turn; game 2: player 1 a word that is no move.
	type cheat struct {
		game, ply int
		move      func(position.Side) string
	}
	cheats := []cheat{
		{1, 5, func(s position.Side) string {
			return map[position.Side]string{position.South: "A1", position.North: "a1"}[s]
		}},
		{2, 4, func(position.Side) string { return "hello" }},
	}
	const maxPlies = 600
	for game := 0; game < 2*len(openings); game++ {
		start := openings[game/2]
		p1, p2 := engines[game%2], engines[1-game%2]
		for _, e := range engines {
			e.isReady()
		}
		for _, e := range engines {
			e.h.send("uginewgame")
		}
		var moves []string
		p1Turn := p1.query(start, moves, "p1turn") == "true"
		var cheater *position.Side
		for ply := 0; ; ply++ {
			if ply > maxPlies {
				t.Fatalf("game %d: still going after %d plies: %s", game, maxPlies, strings.Join(moves, " "))
			}
			us, them := p1, p2
			if !p1Turn {
				us, them = p2, p1
			}
			us.isReady()
			us.position(start, moves)
			if us.query(start, moves, "gameover") == "true" || them.query(start, moves, "gameover") == "true" {
				break
			}
			m := us.goMove(tcs[game%len(tcs)])
			for _, c := range cheats {
				if c.game == game && c.ply == ply {
					side := position.North
					if p1Turn {
						side = position.South
					}
					cheater, m = &side, c.move(side)
				}
			}
			moves = append(moves, m)
			p1Turn = !p1Turn
		}
		// The runner asks both engines for the result; they must agree.
		var results [2]string
		for k, e := range []cuteEngine{p1, p2} {
			e.isReady()
			if e.query(start, moves, "gameover") != "true" {
				t.Errorf("game %d: engine %d says the game is not over", game, k)
			}
			results[k] = e.query(start, moves, "result")
		}
		if results[0] != results[1] {
			t.Errorf("game %d: results disagree: %v", game, results)
		}
		// The result is the rules' (a replay), or a loss for a cheater.
		want := ""
		switch {
		case cheater != nil && *cheater == position.South:
			want = "p2win"
		case cheater != nil:
			want = "p1win"
		default:
			sp, err := position.ParseStart(strings.TrimSpace(strings.SplitN(start, "#", 2)[0]))
			if err != nil {
				t.Fatal(err)
			}
			g := movegen.NewGame(sp, rules)
			for _, ms := range moves {
				m, err := position.ParseGameMove(ms)
				if err == nil {
					err = g.Play(m)
				}
				if err != nil {
					t.Fatalf("game %d: engine move %s illegal: %v", game, ms, err)
				}
			}
			o, over := g.Over()
			if !over {
				t.Fatalf("game %d: ended though the rules say it is not over", game)
			}
			want = map[string]string{"south": "p1win", "north": "p2win", "draw": "draw"}[o.Winner()]
		}
		if results[0] != want {
			t.Errorf("game %d: result %s, want %s", game, results[0], want)
		}
		if game == 0 && moves[0] != "ij:a3b2F5" {
			t.Errorf("game 0: first move %s, want the book's ij:a3b2F5 (BookFile set before FreeFirstLap)", moves[0])
		}
		t.Logf("game %d from %q: %d plies, %s", game, start, len(moves), results[0])
	}
	for _, e := range engines {
		e.h.quit()
	}
}
