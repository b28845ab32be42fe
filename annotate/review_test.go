// Tests of the review: classes, comments, the scores' bookkeeping,
// reproducibility, and blunders as a deeper search sees them.

package annotate

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/pgn"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

func TestClassify(t *testing.T) {
	for loss, want := range map[int]Class{0: Good, 99: Good, 100: Inaccuracy, 199: Inaccuracy, 200: Mistake, 399: Mistake, 400: Blunder, 2400: Blunder} {
		if c := Classify(loss); c != want {
			t.Errorf("%d: %v, want %v", loss, c, want)
		}
	}
}

func TestComment(t *testing.T) {
	for _, c := range []struct {
		m    Move
		want string
	}{
		{Move{Move: "c3", Best: "a1", Before: 20, After: -445, BestAfter: 20, Loss: 465, Class: Blunder}, "+0.20 -> -4.45, blunder (lost 4.65), best a1 (+0.20)"},
		{Move{Move: "c3", Best: "c3", Before: 110, After: 110, Only: true}, "+1.10 -> +1.10, only move"},
		{Move{Move: "c3", Best: "c3", Before: 1200, BeforeProven: true, After: 1200, AfterProven: true}, "+12.00 proven -> +12.00 proven"},
	} {
		if got := c.m.Comment(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
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
	r, err := Review(context.Background(), games, Config{Limits: search.Limits{Depth: depth}, Options: search.Options{Threads: 1, HashMB: 16}, Concurrency: conc})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Each move's score after is the next move's score before, seen from the
// other side (the sides alternate); the loss and class follow from them;
// the last move's after is the game's final margin when the game ended by
// the rules; the review is the same whatever the concurrency.
func TestReviewBookkeeping(t *testing.T) {
	games := playGames(t, 4)
	r1 := review(t, games, 3, 1)
	r3 := review(t, games, 3, 3)
	for gi, g := range r1 {
		if len(g.Moves) != len(games[gi].Moves) {
			t.Fatalf("game %d: %d moves reviewed of %d", gi, len(g.Moves), len(games[gi].Moves))
		}
		for i, m := range g.Moves {
			if m != r3[gi].Moves[i] {
				t.Errorf("game %d move %d: %+v with one at a time, %+v with three", gi, i, m, r3[gi].Moves[i])
			}
			if i+1 < len(g.Moves) && m.After != -g.Moves[i+1].Before {
				t.Errorf("game %d move %d: after %d, next before %d", gi, i, m.After, g.Moves[i+1].Before)
			}
			want := max(m.BestAfter-m.After, 0)
			if m.Move == m.Best {
				want = 0
			}
			if m.Loss != want || m.Class != Classify(m.Loss) {
				t.Errorf("game %d move %d: %+v", gi, i, m)
			}
		}
		rec, err := games[gi].Replay(movegen.Rules{})
		if err != nil {
			t.Fatal(err)
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
		if sum != len(g.Moves) || g.Players[0].Name != games[gi].Tag("South") {
			t.Errorf("game %d: summary %+v", gi, g.Players)
		}
	}
	ann := r1[0].Annotated("test")
	if ann.Tag("Annotator") != "test" || !strings.HasPrefix(ann.Tag("SouthReview"), "average loss ") || ann.Moves[0].Comment != r1[0].Moves[0].Comment() {
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

// The target: a review marks as a blunder the moves that lose 4
// warriors or more by a deeper search. Depth 5 against depth 7 over three
// games of the engine against the random player (both reviews scoring a
// move by the values after it and after the best move): most of the deep
// blunders are marked at depth 5; the others, in positions already won or
// lost by 30 warriors and more, lose 2 to 4 at depth 5 (the search's
// horizon: the classification has no cap). Measured: 36 of 41 with the
// linear evaluation, 17 of 23 with the network; the test holds the review
// to two thirds of them.
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
	t.Logf("moves losing 4+ at depth 7: %d, marked blunders at depth 5: %d; blunders marked in all: %d", deep, agree, flagged)
	if deep == 0 || agree*3 < deep*2 {
		t.Errorf("%d of %d deep blunders marked", agree, deep)
	}
}

// Moves that lose 4 warriors or more by reviews at depths 7, 8 and 9
// alike (found in the games above, so the cases follow the evaluation)
// are marked as blunders at the command's default limit (DefaultMoveTime
// a position), each move reviewed as a game of its own.
func TestBlundersAtTheDefaultLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("deep searches")
	}
	games := playGames(t, 3)
	var deep [3][]Game
	for i, d := range []int{7, 8, 9} {
		deep[i] = review(t, games, d, 2)
	}
	checked := 0
	for gi, g := range deep[0] {
		rec, err := games[gi].Replay(movegen.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range g.Moves {
			if rec.Positions[i].Phase() != position.Play || checked == 5 {
				continue
			}
			if deep[0][gi].Moves[i].Loss < BlunderLoss || deep[1][gi].Moves[i].Loss < BlunderLoss || deep[2][gi].Moves[i].Loss < BlunderLoss {
				continue
			}
			checked++
			r, err := Review(context.Background(), oneMove(t, rec, i), Config{Limits: search.Limits{MoveTime: DefaultMoveTime}, Options: search.Options{Threads: 1, HashMB: 16}})
			if err != nil {
				t.Fatal(err)
			}
			if m := r[0].Moves[0]; m.Class != Blunder {
				t.Errorf("game %d move %d: loses %d, %d, %d at depths 7, 8, 9; at %v %+v", gi+1, i+1,
					deep[0][gi].Moves[i].Loss, deep[1][gi].Moves[i].Loss, deep[2][gi].Moves[i].Loss, DefaultMoveTime, m)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no move of the games loses 4+ at depths 7, 8 and 9: nothing checked")
	}
	t.Logf("%d moves checked", checked)
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
	if !m.BeforeProven || m.Before != -4800 || !m.AfterProven || !strings.Contains(m.Comment(), "-48.00 proven ->") {
		t.Errorf("%+v: %s", m, m.Comment())
	}
}
