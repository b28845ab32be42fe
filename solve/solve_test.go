// Tests: the solver against a plain exhaustive minimax on seeded random
// small positions, under both objectives.
package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// minimax is the definition the solver must meet, written plainly: the
// value for the side to move, with a position repeated on the line (or in
// hist) scored by the repetition sweep and no move scored by RULES.md §6.
// It gives up (returning 0) once *nodes passes minimaxBudget; callers
// check the count.
func minimax(p position.Position, line map[uint64]bool, obj search.Objective, mult int, nodes *int) int {
	*nodes++
	if *nodes > minimaxBudget {
		return 0
	}
	val := func(margin int) int {
		if obj == search.Match {
			return movegen.MatchPoints(margin, mult)
		}
		return margin
	}
	me, you := p.Side(), p.Side().Other()
	var list movegen.MoveList
	n := movegen.Generate(&p, movegen.Rules{}, &list)
	if n == 0 {
		return val(p.Prison(me) - p.Prison(you) - p.BoardTotal())
	}
	line[p.KeyWithPrisons()] = true
	defer delete(line, p.KeyWithPrisons())
	best := -1000
	for _, m := range list[:n] {
		q, st := movegen.MakeMove(p, m, movegen.Rules{})
		if st != movegen.Legal {
			panic(st)
		}
		var v int
		if line[q.KeyWithPrisons()] {
			v = -val(q.Prison(you) + q.RowTotal(you) - q.Prison(me) - q.RowTotal(me))
		} else {
			v = -minimax(q, line, obj, mult, nodes)
		}
		best = max(best, v)
	}
	return best
}

// randomSmall returns a play-phase position with few warriors: they are
// scattered at random, some pits marked nki, some warriors in prison.
func randomSmall(rng *rand.Rand, warriors int) position.Position {
	for {
		var counts [position.NumPits]int
		for i := 0; i < warriors; i++ {
			counts[rng.IntN(position.NumPits)]++
		}
		var nki uint32
		for i, c := range counts {
			if c > 0 && rng.IntN(4) == 0 {
				nki |= 1 << i
			}
		}
		prisons := [2]int{rng.IntN(6), rng.IntN(6)}
		side := position.Side(rng.IntN(2))
		p, err := position.New(counts, nki, prisons, side, 3+rng.IntN(40))
		if err == nil {
			return p
		}
	}
}

const minimaxBudget = 200000

func TestSolveMatchesMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 7))
	count := 200
	if testing.Short() {
		count = 60
	}
	checked, big := 0, 0
	for checked < count {
		p := randomSmall(rng, 3+rng.IntN(8))
		for _, obj := range []search.Objective{search.Margin, search.Match} {
			mult := 2 + rng.IntN(9)
			nodes := 0
			want := minimax(p, map[uint64]bool{}, obj, mult, &nodes)
			if nodes > minimaxBudget {
				big++
				break
			}
			if obj == search.Margin {
				checked++
			}
			for _, threads := range []int{1, 2} {
				res, err := Solve(context.Background(), p, Options{Objective: obj, Multiplier: mult, Threads: threads, HashMB: 1})
				if err != nil {
					t.Fatal(err)
				}
				if !res.Exact || res.Value != want {
					t.Fatalf("%s obj %d mult %d threads %d: solve %+v, minimax %d", p, obj, mult, threads, res, want)
				}
				checkPV(t, p, res, obj, mult)
			}
		}
	}
	t.Logf("%d positions checked, %d skipped as too big for plain minimax", checked, big)
}

// checkPV replays the PV and checks that its first move keeps the value.
func checkPV(t *testing.T, p position.Position, res Result, obj search.Objective, mult int) {
	t.Helper()
	if len(res.PV) == 0 {
		if movegen.HasMove(&p, movegen.Rules{}) {
			t.Fatalf("%s: no PV", p)
		}
		return
	}
	q, st := movegen.MakeMove(p, res.PV[0], movegen.Rules{})
	if st != movegen.Legal {
		t.Fatalf("%s: PV move %s %s", p, res.PV[0], st)
	}
	line := map[uint64]bool{p.KeyWithPrisons(): true}
	var v int
	if line[q.KeyWithPrisons()] {
		return
	}
	nodes := 0
	v = -minimax(q, line, obj, mult, &nodes)
	if v != res.Value {
		t.Fatalf("%s: PV move %s is worth %d, not %d", p, res.PV[0], v, res.Value)
	}
}

func TestSolveRefusesOpening(t *testing.T) {
	if _, err := Solve(context.Background(), position.Start(30), Options{}); err != ErrOpening {
		t.Errorf("err = %v", err)
	}
}
