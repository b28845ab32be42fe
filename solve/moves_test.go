// Tests: every move's value (SolveMoves) against plain minimax on small
// positions, and separate solves of each child and the endgame database
// on positions of seeded games.

package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// checkMoves checks what every SolveMoves result must be: every legal
// move once, exact, best first, the root's value the best move's and its
// PV starting with a best move.
func checkMoves(t *testing.T, p position.Position, r movegen.Rules, res MovesResult) {
	t.Helper()
	var list movegen.MoveList
	n := movegen.Generate(&p, r, &list)
	if len(res.Moves) != n {
		t.Fatalf("%s: %d moves, %d legal", p, len(res.Moves), n)
	}
	seen := map[position.Move]bool{}
	for i, mv := range res.Moves {
		if seen[mv.Move] {
			t.Fatalf("%s: move %s twice", p, mv.Move)
		}
		seen[mv.Move] = true
		if !mv.Exact || mv.Lo != mv.Value || mv.Hi != mv.Value {
			t.Fatalf("%s: move %s not exact: %+v", p, mv.Move, mv)
		}
		if i > 0 && mv.Value > res.Moves[i-1].Value {
			t.Fatalf("%s: move %s (%d) listed after %s (%d)", p, mv.Move, mv.Value, res.Moves[i-1].Move, res.Moves[i-1].Value)
		}
	}
	if !res.Exact || res.Value != res.Moves[0].Value || len(res.PV) == 0 || res.PV[0] != res.Moves[0].Move {
		t.Fatalf("%s: root %+v, best move %+v", p, res.Result, res.Moves[0])
	}
}

// valueOf returns the value SolveMoves gave move m.
func valueOf(t *testing.T, res MovesResult, m position.Move) MoveValue {
	t.Helper()
	for _, mv := range res.Moves {
		if mv.Move == m {
			return mv
		}
	}
	t.Fatalf("move %s missing", m)
	return MoveValue{}
}

// TestSolveMovesMatchesMinimax: on small random positions, with and
// without a game history that makes repetitions come, under both
// objectives, each move's value is minus the child's minimax value with
// the root in the child's past.
func TestSolveMovesMatchesMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(50, 1))
	checked, ends := 0, 0
	for checked < 40 {
		p := testgame.RandomPlay(rng, 3+rng.IntN(7), 5)
		testRules = movegen.Rules{FreeFirstLap: rng.IntN(4) == 0}
		if !movegen.HasMove(&p, testRules) {
			continue
		}
		hist := fakeHistory(p, rng)
		if rng.IntN(2) == 0 {
			// The root once before: coming back to it ends the game.
			hist = append(hist, p.KeyWithPrisons())
		}
		for _, obj := range []movegen.Objective{movegen.Margin, movegen.Match} {
			mult := 2 + rng.IntN(9)
			// Each move's value by minimax first (a position too big for
			// it is skipped).
			want := map[position.Move]int{}
			var list movegen.MoveList
			nodes := 0
			for _, m := range list[:movegen.Generate(&p, testRules, &list)] {
				q, _ := movegen.MakeMove(p, m, testRules)
				line := map[uint64]int{}
				for _, k := range hist {
					line[k]++
				}
				line[p.KeyWithPrisons()]++
				if line[q.KeyWithPrisons()] >= 2 {
					me, you := p.Side(), p.Side().Other()
					margin := q.Prison(me) + q.RowTotal(me) - q.Prison(you) - q.RowTotal(you)
					want[m] = margin
					if obj == movegen.Match {
						want[m] = movegen.MatchPoints(margin, mult)
					}
					continue
				}
				want[m] = -minimax(q, line, obj, mult, &nodes)
			}
			if nodes > minimaxBudget {
				break
			}
			o := Options{Rules: testRules, Objective: obj, Multiplier: mult, HashMB: 1, History: hist, Threads: 1 + rng.IntN(2)}
			res, err := SolveMoves(context.Background(), p, o)
			if err != nil {
				t.Fatal(err)
			}
			checkMoves(t, p, testRules, res)
			for _, mv := range res.Moves {
				if mv.Value != want[mv.Move] {
					t.Fatalf("%s obj %d mult %d hist %v: move %s = %d, minimax %d", p, obj, mult, hist != nil, mv.Move, mv.Value, want[mv.Move])
				}
				if mv.Source == SourceEnd {
					ends++
				}
			}
			if obj == movegen.Margin {
				checked++
			}
		}
	}
	if ends == 0 {
		t.Error("no move ended the game: the test does not exercise the ends")
	}
}

// gamePositions returns positions of lo to hi warriors on the board from
// seeded self-play games of random moves, each with its game's history
// (the current position excluded), one a game.
func gamePositions(t *testing.T, seed uint64, count, lo, hi int) ([]position.Position, [][]uint64) {
	var ps []position.Position
	var hs [][]uint64
	for ; len(ps) < count; seed++ {
		rng, g := movegen.SeededGame(seed, 50, movegen.Rules{})
		pick := lo + rng.IntN(hi-lo+1)
		random := func(g *movegen.Game, _ int) (position.GameMove, error) {
			p := g.Current()
			var list movegen.MoveList
			n := movegen.Generate(&p, g.Rules, &list)
			return position.PlayMove(list[rng.IntN(n)]), nil
		}
		mover := movegen.ScatterOpenings(rng, random)
		for ply := 0; ply < 400; ply++ {
			if _, over := g.Over(); over {
				break
			}
			p := g.Current()
			if p.Phase() == position.Play && p.BoardTotal() <= pick {
				h := g.History()
				ps, hs = append(ps, p), append(hs, h[:len(h)-1])
				break
			}
			m, err := mover(g, ply)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return ps, hs
}

// TestSolveMovesMatchesSolves: on positions of seeded games (14 to 22
// warriors, with their games' histories), each move's value is minus a
// separate solve of the child, the game's history and the root in its
// past; and where the endgame database holds the child, minus its value.
func TestSolveMovesMatchesSolves(t *testing.T) {
	db, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	count := 8
	if testing.Short() {
		count = 3
	}
	ps, hs := gamePositions(t, 1, count, 14, 22)
	// And positions the database reaches after a capture (11 or 12
	// warriors): solved without it, checked against it.
	small, smallH := gamePositions(t, 100, count, 11, 12)
	ps, hs = append(ps, small...), append(hs, smallH...)
	byDB := 0
	for k, p := range ps {
		o := Options{HashMB: 4, History: hs[k]}
		if k < count {
			o.DB = db
		}
		res, err := SolveMoves(context.Background(), p, o)
		if err != nil {
			t.Fatal(err)
		}
		checkMoves(t, p, movegen.Rules{}, res)
		whole, err := Solve(context.Background(), p, Options{HashMB: 4, History: hs[k]})
		if err != nil || !whole.Exact || whole.Value != res.Value {
			t.Fatalf("%s: root solve %+v %v, moves' best %d", p, whole, err, res.Value)
		}
		for _, mv := range res.Moves {
			q, _ := movegen.MakeMove(p, mv.Move, movegen.Rules{})
			if mv.Source == SourceEnd {
				continue // checked by TestSolveMovesMatchesMinimax
			}
			child, err := Solve(context.Background(), q, Options{HashMB: 4, History: append(append([]uint64{}, hs[k]...), p.KeyWithPrisons())})
			if err != nil || !child.Exact {
				t.Fatalf("%s: child %s: %+v %v", p, mv.Move, child, err)
			}
			if mv.Value != -child.Value {
				t.Fatalf("%s: move %s = %d, separate solve of the child %d", p, mv.Move, mv.Value, -child.Value)
			}
			if v, ok := db.Outcome(&q, movegen.Rules{}); ok {
				byDB++
				if mv.Value != -v {
					t.Fatalf("%s: move %s = %d, database %d", p, mv.Move, mv.Value, -v)
				}
				if k < count && mv.Source != SourceEGDB {
					t.Fatalf("%s: move %s held by the database, source %s", p, mv.Move, mv.Source)
				}
			} else if mv.Source == SourceEGDB {
				t.Fatalf("%s: move %s from the database, which does not hold it", p, mv.Move)
			}
		}
	}
	if byDB == 0 {
		t.Error("no child was in the database: the test does not check against it")
	}
}

// TestSolveMovesStopped: a node bound too small for the proofs leaves
// every move with bounds that hold its value, and the root unsolved.
func TestSolveMovesStopped(t *testing.T) {
	p, err := position.Parse("2.1.0.1.0.0.0.11.0.0/0.0.0.1.1.2.1.1.2.0 23-14 s 39")
	if err != nil {
		t.Fatal(err)
	}
	full, err := SolveMoves(context.Background(), p, Options{HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	checkMoves(t, p, movegen.Rules{}, full)
	res, err := SolveMoves(context.Background(), p, Options{HashMB: 4, MaxNodes: 20000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Exact || res.Lo > full.Value || res.Hi < full.Value {
		t.Fatalf("bounded: root %+v, value %d", res.Result, full.Value)
	}
	unsolved := 0
	for _, mv := range res.Moves {
		want := valueOf(t, full, mv.Move).Value
		if mv.Lo > want || mv.Hi < want || (mv.Exact && mv.Value != want) {
			t.Fatalf("bounded: move %+v, value %d", mv, want)
		}
		if !mv.Exact {
			unsolved++
		}
	}
	if unsolved == 0 {
		t.Fatal("every move proven within 20000 nodes: the bound did not bind")
	}
}

// TestSolveMovesBounded: on positions of seeded games (with their
// histories), SolveMovesBounded gives the position's value, the moves
// that keep it exactly, and for every other move a bound below the
// value that its exact value (SolveMoves) keeps.
func TestSolveMovesBounded(t *testing.T) {
	db, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	ps, hs := gamePositions(t, 200, 6, 14, 22)
	worse := 0
	for k, p := range ps {
		o := Options{HashMB: 4, History: hs[k], DB: db}
		exact, err := SolveMoves(context.Background(), p, o)
		if err != nil {
			t.Fatal(err)
		}
		res, err := SolveMovesBounded(context.Background(), p, o)
		if err != nil || !res.Exact || res.Value != exact.Value || len(res.Moves) != len(exact.Moves) {
			t.Fatalf("%s: bounded %+v %v, exact %+v", p, res.Result, err, exact.Result)
		}
		if res.PV[0] != res.Moves[0].Move || valueOf(t, exact, res.PV[0]).Value != res.Value {
			t.Fatalf("%s: PV %v, moves %+v", p, res.PV, res.Moves)
		}
		for _, mv := range res.Moves {
			want := valueOf(t, exact, mv.Move).Value
			switch {
			case mv.Exact && mv.Value != want:
				t.Fatalf("%s: move %s = %d, exact %d", p, mv.Move, mv.Value, want)
			case mv.Exact && want != res.Value && mv.Source == SourceSearch:
				t.Fatalf("%s: move %s proven exact (%d) below the value %d", p, mv.Move, want, res.Value)
			case !mv.Exact && (!mv.Worse || mv.Hi >= res.Value || want > mv.Hi || want < mv.Lo):
				t.Fatalf("%s: move %s bounded %+v, exact %d, value %d", p, mv.Move, mv, want, res.Value)
			}
			if mv.Worse {
				worse++
			}
		}
	}
	if worse == 0 {
		t.Error("no move was bounded as worse: the test does not exercise the bound")
	}
}
