// Tests of the game record: the end by no legal move, the third
// repetition (counted here independently from position strings), Undo,
// and that make-move and generation do not allocate.

package movegen_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// repetitionKey is the position string without its turn: RULES.md §6
// compares board, nki marks, prisons and side to move.
func repetitionKey(p position.Position) string {
	s := p.String()
	return s[:strings.LastIndexByte(s, ' ')]
}

func TestGameRecord(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 3))
	var repetitions, noMove int
	for g := 0; g < 3000; g++ {
		start := randomPlayPosition(rng)
		if start.BoardTotal() > 12 { // sparse boards repeat more often
			continue
		}
		r := movegen.Rules{FreeFirstLap: g%2 == 1}
		game := movegen.NewGame(start, r)
		seen := map[string]int{repetitionKey(start): 1}
		for ply := 0; ; ply++ {
			cur := game.Current()
			o, over := game.Over()
			var list movegen.MoveList
			n := movegen.Generate(&cur, r, &list)
			switch {
			case seen[repetitionKey(cur)] >= 3:
				if !over || !o.Repetition || o != movegen.RepetitionOutcome(&cur) {
					t.Fatalf("game %d: third occurrence of %s, Over = %+v, %v", g, cur, o, over)
				}
				if o.South != cur.Prison(position.South)+cur.RowTotal(position.South) {
					t.Fatalf("game %d: repetition tally %+v at %s", g, o, cur)
				}
				repetitions++
			case n == 0:
				if !over || o.Repetition || o != movegen.NoMoveOutcome(&cur) {
					t.Fatalf("game %d: no legal move at %s, Over = %+v, %v", g, cur, o, over)
				}
				noMove++
			default:
				if over {
					t.Fatalf("game %d: over at %s with %d moves and no repetition", g, cur, n)
				}
			}
			if over {
				if err := game.Play(position.PlayMove(list[0])); err == nil && n > 0 {
					t.Fatalf("game %d: a move after the end was accepted", g)
				}
				break
			}
			if ply == 300 {
				break
			}
			m := list[rng.IntN(n)]
			if err := game.Play(position.PlayMove(m)); err != nil {
				t.Fatalf("game %d: %s %s: %v", g, cur, m, err)
			}
			seen[repetitionKey(game.Current())]++
		}
		// Undo walks back to the start through the same positions.
		if len(game.Positions) != len(game.Moves)+1 || len(game.History()) != len(game.Positions) {
			t.Fatalf("game %d: %d moves, %d positions, %d history keys", g, len(game.Moves), len(game.Positions), len(game.History()))
		}
		for k := len(game.Moves); k > 0; k-- {
			want := game.Positions[k-1]
			if !game.Undo() || game.Current() != want {
				t.Fatalf("game %d: Undo to ply %d gave %s, want %s", g, k-1, game.Current(), want)
			}
			if _, over := game.Over(); over != !movegen.HasMove(&want, r) && repetitionCount(game, want) < 3 {
				t.Fatalf("game %d: after Undo, Over = %v at %s", g, over, want)
			}
		}
		if game.Undo() || game.Current() != start {
			t.Fatalf("game %d: Undo past the start", g)
		}
	}
	// No random game repeats a position (a search of millions of small
	// positions found no cycle in the game graph), so the third repetition
	// is checked by TestThirdRepetition inside the package.
	if noMove == 0 {
		t.Errorf("no random game ended for want of a move")
	}
	t.Logf("%d repetition endings, %d no-move endings", repetitions, noMove)
}

func repetitionCount(g *movegen.Game, p position.Position) int {
	n := 0
	for _, q := range g.Positions {
		if repetitionKey(q) == repetitionKey(p) {
			n++
		}
	}
	return n
}

func TestGameOpeningMoves(t *testing.T) {
	game := movegen.NewGame(position.Start(30), movegen.Rules{})
	for _, s := range []string{"ij:a3b2F5", "IJ:a5e5", "a3"} {
		m, err := position.ParseGameMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := game.Play(m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	if got, want := game.Current().String(), "5.3*.1.1.10*.5*.5*.5*.0.0/0.0.0.0.5*.10*.5*.5*.0.0 0-0 n 4"; got != want {
		t.Errorf("after ij:a3b2F5 IJ:a5e5 a3: %s, want %s", got, want)
	}
	for _, bad := range []string{"e5", "IJ:a10", "ab:c1"} {
		m, _ := position.ParseGameMove(bad)
		g := movegen.NewGame(position.Start(30), movegen.Rules{})
		if err := g.Play(m); err == nil {
			t.Errorf("%s at the start was accepted", bad)
		}
	}
}

// TestNoAllocations holds make-move, generation and counting to zero heap
// allocations (the benchmarks report the same with -benchmem).
func TestNoAllocations(t *testing.T) {
	p := mustParse(t, "0.0.24*.1.1*.0.1.1*.2.0/1.0.0.1*.2*.1.0.2.0.0 11-3 s 42")
	long := mustParse(t, "2.3.0.1.2.3.1.2.5.1/3.2.1.2.3.4.3.6.2.1 13-1 n 12")
	r := movegen.Rules{}
	var list movegen.MoveList
	for name, f := range map[string]func(){
		"MakeMove":      func() { sinkPos, _ = movegen.MakeMove(p, position.NewMove(2, 7), r) },
		"MakeMove long": func() { sinkPos, _ = movegen.MakeMove(long, position.NewMove(17, 4), r) },
		"Generate":      func() { sinkInt = movegen.Generate(&p, r, &list) },
		"CountMoves":    func() { sinkInt = movegen.CountMoves(&long, r) },
		"HasMove":       func() { _ = movegen.HasMove(&p, r) },
	} {
		if a := testing.AllocsPerRun(50, f); a != 0 {
			t.Errorf("%s: %v allocations per call, want 0", name, a)
		}
	}
}
