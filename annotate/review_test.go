// Tests of the review: classes, comments, the scores' bookkeeping,
// reproducibility, and blunders as a deeper search sees them.

package annotate

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/pgn"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		loss float64
		want Class
	}{{0, Good}, {0.0499, Good}, {0.05, Inaccuracy}, {0.0999, Inaccuracy}, {0.10, Mistake}, {0.1499, Mistake}, {0.15, Blunder}, {1, Blunder}} {
		if got := Classify(c.loss); got != c.want {
			t.Errorf("%v: %v, want %v", c.loss, got, c.want)
		}
	}
	for c, sym := range map[Class]string{Good: "", Inaccuracy: "?!", Mistake: "?", Blunder: "??"} {
		if c.Symbol() != sym {
			t.Errorf("%v: symbol %q, want %q", c, c.Symbol(), sym)
		}
	}
}

func TestComment(t *testing.T) {
	for _, c := range []struct {
		m    Move
		want string
	}{
		{Move{Move: "c3", Best: "a1", Before: 20, After: -445, BestAfter: 20, Win: 0.17, BestWin: 0.52, Class: Blunder}, "+0.20 -> -4.45, blunder ?? (expected score 0.52 -> 0.17), best a1 (+0.20)"},
		{Move{Move: "c3", Best: "c3", Before: 110, After: 110, Only: true}, "+1.10 -> +1.10, only move"},
		{Move{Move: "c3", Best: "c3", Before: 1200, BeforeProven: true, After: 1200, AfterProven: true}, "+12.00 proven -> +12.00 proven"},
		{Move{Move: "c3", Best: "a1", Before: 200, BeforeProven: true, After: -400, AfterProven: true, BestAfter: 200, BestAfterProven: true, Win: 0.01, BestWin: 0.99, Class: Blunder},
			"+2.00 proven -> -4.00 proven, loses 6 warriors against best play, blunder ?? (expected score 0.99 -> 0.01), best a1 (+2.00 proven)"},
		// Only the search's bound on the best: no count of warriors.
		{Move{Move: "c3", Best: "a1", Before: 200, After: -400, AfterProven: true, BestAfter: 200, Win: 0.01, BestWin: 0.88, Class: Blunder},
			"+2.00 -> -4.00 proven, blunder ?? (expected score 0.88 -> 0.01), best a1 (+2.00)"},
	} {
		if got := c.m.Describe(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}

// The curve is a logistic in WinK, proven values are the game's; the
// accuracy is lichess's formula: 100 at no loss, falling with the loss.
func TestWinAndAccuracy(t *testing.T) {
	if w := Win(0, false); w != 0.5 {
		t.Errorf("Win(0) = %v", w)
	}
	if w := Win(100, false) + Win(-100, false); math.Abs(w-1) > 1e-12 {
		t.Errorf("Win(100)+Win(-100) = %v", w)
	}
	if w := Win(int(math.Log(3)/WinK), false); math.Abs(w-0.75) > 0.01 {
		t.Errorf("Win(ln 3/k) = %v, want 0.75", w)
	}
	if Win(100, true) != 1 || Win(-100, true) != 0 || Win(0, true) != 0.5 {
		t.Error("proven values are not the game's")
	}
	if a := MoveAccuracy(0); math.Abs(a-99.9999) > 0.001 && a != 100 {
		t.Errorf("accuracy at no loss %v", a)
	}
	prev := 101.0
	for _, l := range []float64{0, 0.05, 0.1, 0.3, 0.6, 1} {
		a := MoveAccuracy(l)
		want := min(max(103.1668*math.Exp(-0.04354*100*l)-3.1669, 0), 100)
		if a != want || a > prev || a < 0 {
			t.Errorf("accuracy at loss %v: %v, want %v", l, a, want)
		}
		prev = a
	}
}

// FitWinK recovers the constant of results drawn from a known curve.
func TestFitWinK(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const k = 0.005
	var xs, ys []float64
	for range 20000 {
		x := float64(rng.IntN(2001) - 1000)
		y := 0.0
		if rng.Float64() < 1/(1+math.Exp(-k*x)) {
			y = 1
		}
		xs, ys = append(xs, x), append(ys, y)
	}
	got, se := FitWinK(xs, ys)
	if math.Abs(got-k) > 4*se || se > 0.0005 {
		t.Errorf("k %v ± %v, want %v", got, se, k)
	}
}

// playGames plays n short games between the engine at depth 1 and the
// random player (who blunders), as PGN.
func playGames(t *testing.T, n int) []*pgn.Game {
	t.Helper()
	var b strings.Builder
	p1, _ := match.ParseSpec("engine:depth=1")
	p2, _ := match.ParseSpec("random")
	if _, err := match.Run(context.Background(), match.Config{Player1: p1, Player2: p2, Games: n, Seed: 7, PGN: &b, Game: match.GameConfig{MaxPlies: 40}}); err != nil {
		t.Fatal(err)
	}
	games, err := pgn.ReadAll(strings.NewReader(b.String()))
	if err != nil || len(games) != n {
		t.Fatalf("%d games, %v", len(games), err)
	}
	return games
}
func review(t *testing.T, games []*pgn.Game, depth, conc int) []Game {
	t.Helper()
	return reviewAt(t, games, search.Limits{Depth: depth}, conc)
}

func reviewAt(t *testing.T, games []*pgn.Game, l search.Limits, conc int) []Game {
	t.Helper()
	r, err := ReviewGames(context.Background(), games, Config{Limits: l, Options: search.Options{Threads: 1, HashMB: 16}, Concurrency: conc})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// readGames reads a PGN file of testdata.
func readGames(t *testing.T, name string) []*pgn.Game {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gs, err := pgn.ReadAll(f)
	if err != nil || len(gs) == 0 {
		t.Fatalf("%s: %d games, %v", name, len(gs), err)
	}
	return gs
}

// The bug: on c7c08f6 a review at depth 4 named "best" moves worse
// than the move played (13 of 39 in weak4.pgn, whose games engine:depth=2
// played against engine:nodes=300; at --nodes 2000, 15 of 43, and 16 of
// 32 in the depth-4 self-play of selfplay-d4.pgn), because the best and
// the played move were valued by separate searches. Valued by one search,
// the best is never worse than the played move, a move that is the best
// gets no "best X", and the numbers follow from the scores.
func TestBestNeverWorseThanPlayed(t *testing.T) {
	for _, c := range []struct {
		file string
		l    search.Limits
	}{
		{"weak4.pgn", search.Limits{Depth: 4}},
		{"weak4.pgn", search.Limits{Nodes: 2000}},
		{"selfplay-d4.pgn", search.Limits{Nodes: 2000}},
	} {
		games := readGames(t, c.file)
		named, kept := 0, 0
		for gi, g := range reviewAt(t, games, c.l, 2) {
			if len(g.Moves) != len(games[gi].Moves) {
				t.Fatalf("%s game %d: %d moves reviewed of %d", c.file, gi+1, len(g.Moves), len(games[gi].Moves))
			}
			for i, m := range g.Moves {
				// A proven value stays proven: the answer in a proven line,
				// played, has that value, proven.
				if i+1 < len(g.Moves) && m.AfterProven && g.Moves[i+1].Move == m.Reply {
					kept++
					next, v := g.Moves[i+1], m.After
					if next.Side != m.Side {
						v = -v
					}
					if !next.AfterProven || next.After != v {
						t.Errorf("%s game %d ply %d: %s proven %d, then its answer %s %d proven %v", c.file, gi+1, m.Ply, m.Move, m.After, next.Move, next.After, next.AfterProven)
					}
				}
				if m.BestAfter < m.After || m.Best == "" {
					t.Errorf("%s %s game %d ply %d: best %s %d below the played %s %d", c.file, LimitsText(c.l), gi+1, m.Ply, m.Best, m.BestAfter, m.Move, m.After)
				}
				if m.Best == m.Move && (strings.Contains(m.Comment, "best ") || m.BestAfter != m.After || m.Loss != 0) {
					t.Errorf("%s game %d ply %d: the best move played, yet %+v", c.file, gi+1, m.Ply, m)
				}
				if m.Best != m.Move {
					named++
					if !strings.Contains(m.Comment, "best "+m.Best+" (") {
						t.Errorf("%s game %d ply %d: comment %q names no best", c.file, gi+1, m.Ply, m.Comment)
					}
				}
				if m.Before != m.BestAfter || m.BeforeProven != m.BestAfterProven || m.Proven != m.AfterProven ||
					m.Win != Win(m.After, m.AfterProven) || m.BestWin != Win(m.BestAfter, m.BestAfterProven) ||
					m.Loss != max(m.BestWin-m.Win, 0) || m.Loss < 0 || m.LossCP != m.BestAfter-m.After ||
					m.Class != Classify(m.Loss) || m.Accuracy != MoveAccuracy(m.Loss) || m.Comment != m.Describe() {
					t.Errorf("%s game %d ply %d: %+v", c.file, gi+1, m.Ply, m)
				}
			}
		}
		t.Logf("%s at %s: %d bests named, %d proven values kept", c.file, LimitsText(c.l), named, kept)
		if named == 0 {
			t.Errorf("%s at %s: no best move named: nothing checked", c.file, LimitsText(c.l))
		}
	}
}

// Plies, move numbers and sides as the PGN has them; the last move of a
// game that ended by the rules is valued at the final margin, proven; the
// review is the same whatever the concurrency; the summaries count every
// move and average the accuracies.
func TestReviewBookkeeping(t *testing.T) {
	games := playGames(t, 4)
	r1 := review(t, games, 3, 1)
	r3 := review(t, games, 3, 3)
	for gi, g := range r1 {
		if len(g.Moves) != len(games[gi].Moves) {
			t.Fatalf("game %d: %d moves reviewed of %d", gi, len(g.Moves), len(games[gi].Moves))
		}
		rec, err := games[gi].Replay(movegen.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		north := rec.Positions[0].Side() == position.North
		acc := [2]float64{}
		for i, m := range g.Moves {
			if m != r3[gi].Moves[i] {
				t.Errorf("game %d move %d: %+v with one at a time, %+v with three", gi, i, m, r3[gi].Moves[i])
			}
			if m.Ply != i+1 || m.Number != pgn.MoveNumber(i, north) || m.Side != rec.Positions[i].Side().String() || m.Move != games[gi].Moves[i].Text {
				t.Errorf("game %d move %d: %+v", gi, i, m)
			}
			k := 0
			if m.Side == "north" {
				k = 1
			}
			acc[k] += m.Accuracy
		}
		if o, over := rec.Over(); over {
			last := g.Moves[len(g.Moves)-1]
			margin := o.Margin()
			if last.Side == "north" {
				margin = -margin
			}
			if !last.AfterProven || last.After != 100*margin {
				t.Errorf("game %d: last move after %d (proven %v), final margin %d", gi, last.After, last.AfterProven, margin)
			}
		}
		sum := g.Players[0].Moves + g.Players[1].Moves
		if sum != len(g.Moves) || g.Players[0].Name != games[gi].Tag("South") || g.Players[0].Side != "south" {
			t.Errorf("game %d: summary %+v", gi, g.Players)
		}
		for k := range 2 {
			if n := g.Players[k].Moves; n > 0 && math.Abs(g.Players[k].Accuracy-acc[k]/float64(n)) > 1e-9 {
				t.Errorf("game %d side %d: accuracy %v, moves' mean %v", gi, k, g.Players[k].Accuracy, acc[k]/float64(n))
			}
		}
	}
	ann := r1[0].Annotated("test")
	if ann.Tag("Annotator") != "test" || !strings.HasPrefix(ann.Tag("SouthReview"), "accuracy ") || ann.Moves[0].Comment != r1[0].Moves[0].Comment {
		t.Errorf("annotated: %+v", ann)
	}
	ps := Players(r1)
	if len(ps) != 2 || ps[0].Moves+ps[1].Moves != func() int {
		n := 0
		for _, g := range r1 {
			n += len(g.Moves)
		}
		return n
	}() {
		t.Errorf("players %+v", ps)
	}
}

// oneMove is move i of rec as a game of its own: the position before it
// as the FEN, and the move.
func oneMove(t *testing.T, rec *movegen.Game, i int) []*pgn.Game {
	t.Helper()
	gs, err := pgn.ReadAll(strings.NewReader(fmt.Sprintf("[FEN \"%s\"]\n\n%s *\n", rec.Positions[i], rec.Moves[i])))
	if err != nil || len(gs) != 1 {
		t.Fatalf("%d games, %v", len(gs), err)
	}
	return gs
}

// A review marks as a blunder the moves that a deeper search says lose
// BlunderLoss of expected score or more. Depth 5 against depth 7 over
// three games of the engine against the random player: most of the deep
// blunders are marked at depth 5 (the search's horizon misses some).
// Measured with classes by expected score: 7 of 7 (by warriors lost,
// before: 17 of 23 with the network); the test holds the review to two
// thirds of them.
func TestBlundersAgreeWithDeeperSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("deep searches")
	}
	games := playGames(t, 3)
	rs := review(t, games, 5, 2)
	deeper := review(t, games, 7, 2)
	deep, agree, flagged := 0, 0, 0
	for gi, g := range rs {
		rec, _ := games[gi].Replay(movegen.Rules{})
		for i, m := range g.Moves {
			if rec.Positions[i].Phase() != position.Play {
				continue
			}
			if m.Class == Blunder {
				flagged++
			}
			if deeper[gi].Moves[i].Loss >= BlunderLoss {
				deep++
				if m.Class == Blunder {
					agree++
				} else {
					t.Logf("game %d move %d %s: review %+v", gi, i+1, m.Move, m)
				}
			}
		}
	}
	t.Logf("blunders at depth 7: %d, marked blunders at depth 5: %d; blunders marked in all: %d", deep, agree, flagged)
	if deep == 0 || agree*3 < deep*2 {
		t.Errorf("%d of %d deep blunders marked", agree, deep)
	}
}

// Moves that lose BlunderLoss of expected score or more by reviews at
// depths 7 and 8 alike (found in the games above, so the cases follow the
// evaluation) are marked as blunders at the command's default limit
// (DefaultMoveTime a position), each move reviewed as a game of its own,
// unless that review proves the played and the best move alike (both won
// or both lost: by expected score nothing is lost, whatever the
// estimates of the depth-limited reviews). Measured: of the first 5 such
// moves, 3 blunders at 100 ms and 2 proven alike (+12 and +4 proven: both
// won; +4 proven both).
func TestBlundersAtTheDefaultLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("deep searches")
	}
	games := playGames(t, 3)
	var deep [2][]Game
	for i, d := range []int{7, 8} {
		deep[i] = review(t, games, d, 2)
	}
	checked, blunders := 0, 0
	for gi, g := range deep[0] {
		rec, err := games[gi].Replay(movegen.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range g.Moves {
			if rec.Positions[i].Phase() != position.Play || checked == 5 {
				continue
			}
			if deep[0][gi].Moves[i].Loss < BlunderLoss || deep[1][gi].Moves[i].Loss < BlunderLoss {
				continue
			}
			checked++
			r, err := ReviewGames(context.Background(), oneMove(t, rec, i), Config{Limits: search.Limits{MoveTime: DefaultMoveTime}, Options: search.Options{Threads: 1, HashMB: 16}})
			if err != nil {
				t.Fatal(err)
			}
			m := r[0].Moves[0]
			switch {
			case m.Class == Blunder:
				blunders++
			case m.AfterProven && m.BestAfterProven && m.Win == m.BestWin:
				t.Logf("game %d move %d: loses %.2f, %.2f at depths 7, 8; proven alike at %v: %s", gi+1, i+1,
					deep[0][gi].Moves[i].Loss, deep[1][gi].Moves[i].Loss, DefaultMoveTime, m.Comment)
			default:
				t.Errorf("game %d move %d: loses %.2f, %.2f at depths 7, 8; at %v %+v", gi+1, i+1,
					deep[0][gi].Moves[i].Loss, deep[1][gi].Moves[i].Loss, DefaultMoveTime, m)
			}
		}
	}
	if blunders == 0 {
		t.Fatalf("of %d moves that lose %v+ at depths 7 and 8, no blunder checked", checked, BlunderLoss)
	}
	t.Logf("%d moves checked, %d blunders", checked, blunders)
}

// A value the search proves is marked proven in the review: a late
// position (4-39, South to move) that a depth-20 search proves lost by
// 48, its move reviewed as a game of its own.
func TestReviewMarksProvenValues(t *testing.T) {
	gs, err := pgn.ReadAll(strings.NewReader("[FEN \"1.0.0.0.1.0.0.0.1.0/0.8.1.1.0.2.1.1.0.0 4-39 s 39\"]\n\na1 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	m := review(t, gs, 20, 1)[0].Moves[0]
	if !m.BeforeProven || m.Before != -4800 || !m.AfterProven || !strings.Contains(m.Comment, "-48.00 proven ->") {
		t.Errorf("%+v: %s", m, m.Comment)
	}
}
