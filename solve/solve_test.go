// Tests: the solver against a plain exhaustive minimax on seeded random
// small positions, under both objectives.

package solve

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// minimax is the definition the solver must meet, written plainly: the
// value for the side to move, a position reached for the third time on
// the line (line counts occurrences) scored by the repetition sweep and no
// move scored by RULES.md §6.
// It gives up (returning 0) once *nodes passes minimaxBudget; callers
// check the count.
func minimax(p position.Position, line map[uint64]int, obj movegen.Objective, mult int, nodes *int) int {
	*nodes++
	if *nodes > minimaxBudget {
		return 0
	}
	val := func(margin int) int {
		if obj == movegen.Match {
			return movegen.MatchPoints(margin, mult)
		}
		return margin
	}
	me, you := p.Side(), p.Side().Other()
	var list movegen.MoveList
	n := movegen.Generate(&p, testRules, &list)
	if n == 0 {
		return val(p.Prison(me) - p.Prison(you) - p.BoardTotal())
	}
	line[p.KeyWithPrisons()]++
	defer func() { line[p.KeyWithPrisons()]-- }()
	best := -1000
	for _, m := range list[:n] {
		q, st := movegen.MakeMove(p, m, testRules)
		if st != movegen.Legal {
			panic(st)
		}
		var v int
		if line[q.KeyWithPrisons()] >= 2 {
			repetitions++
			v = -val(q.Prison(you) + q.RowTotal(you) - q.Prison(me) - q.RowTotal(me))
		} else {
			v = -minimax(q, line, obj, mult, nodes)
		}
		best = max(best, v)
	}
	return best
}

// fakeHistory returns, for half the positions, a game history that makes
// a position one or two capture-free moves ahead occur once or twice
// before, so reaching it again is the third occurrence (or not yet).
func fakeHistory(p position.Position, rng *rand.Rand) []uint64 {
	if rng.IntN(2) == 0 {
		return nil
	}
	var hist []uint64
	q := p
	for step := 0; step < 1+rng.IntN(2); step++ {
		var list movegen.MoveList
		n := movegen.Generate(&q, testRules, &list)
		if n == 0 {
			break
		}
		r, _ := movegen.MakeMove(q, list[rng.IntN(n)], testRules)
		if r.Prison(position.South) != p.Prison(position.South) || r.Prison(position.North) != p.Prison(position.North) {
			break
		}
		q = r
		for k := 0; k < 1+rng.IntN(2); k++ {
			hist = append(hist, q.KeyWithPrisons())
		}
	}
	return hist
}

const minimaxBudget = 200000

// testRules are the rules of the position under test (a quarter of the
// positions play variant free-first-lap).
var testRules movegen.Rules

// repetitions counts the repetition endings minimax has scored, so the
// test can tell that it exercised the rule.
var repetitions int

func TestSolveMatchesMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 7))
	count := 200
	if testing.Short() {
		count = 60
	}
	checked, big := 0, 0
	for checked < count {
		p := testgame.RandomPlay(rng, 3+rng.IntN(8), 5)
		testRules = movegen.Rules{FreeFirstLap: rng.IntN(4) == 0}
		hist := fakeHistory(p, rng)
		for _, obj := range []movegen.Objective{movegen.Margin, movegen.Match} {
			mult := 2 + rng.IntN(9)
			nodes := 0
			line := map[uint64]int{}
			for _, k := range hist {
				line[k]++
			}
			want := minimax(p, line, obj, mult, &nodes)
			if nodes > minimaxBudget {
				big++
				break
			}
			if obj == movegen.Margin {
				checked++
			}
			// One thread without and with a guess, two with a guess,
			// one ordered at every node by a random evaluation, then
			// one with an endgame database of the test's rules (margin
			// only: the match objective does not read it; and only
			// without the fake history, which puts positions still to
			// come in the game's past: no game can, and the database's
			// values hold for the histories games have, egdb/doc.go).
			// Last, three threads without a guess, every node's children
			// marked busy while searched (busy ones put off).
			for i, threads := range []int{1, 1, 2, 1, 1, 3} {
				if i == 4 && hist != nil {
					continue
				}
				o := Options{Rules: testRules, Objective: obj, Multiplier: mult, Threads: threads, HashMB: 1, History: hist}
				if i == 1 {
					g := rng.IntN(41) - 20 // any guess, in or out of the bounds
					o.Guess = &g
				}
				if threads == 2 {
					g := rng.IntN(21) - 10 // any guess must give the same value
					o.Guess = &g
					st, err := NewSearchTable(1) // and the search's table fits
					if err != nil {
						t.Fatal(err)
					}
					o.Table = st
				}
				if i == 3 {
					o.Order, o.orderMin = randomEval(rng.Uint64()), 1
				}
				if i == 4 {
					o.DB = testDB(t, testRules)
				}
				if i == 5 {
					o.busyMin = 1
				}
				res, err := Solve(context.Background(), p, o)
				if err != nil {
					t.Fatal(err)
				}
				if !res.Exact || res.Value != want {
					t.Fatalf("%s obj %d mult %d threads %d: solve %+v, minimax %d", p, obj, mult, threads, res, want)
				}
				checkPV(t, p, res, obj, mult, hist)
			}
		}
	}
	t.Logf("%d positions checked, %d skipped as too big for plain minimax, %d repetition endings scored", checked, big, repetitions)
	if repetitions == 0 {
		t.Error("no position reached a repetition: the test does not exercise the rule")
	}
	if randomEvals.Load() == 0 {
		t.Error("no move was ordered by the evaluation")
	}
}

// TestTestPlan: the tests a solve plans close the interval on the value
// whatever the guess, each inside the interval, with fail-soft results
// (any bound that holds), within 30 rounds.
func TestTestPlan(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	for i := 0; i < 20000; i++ {
		lo := rng.IntN(61) - 30
		hi := lo + rng.IntN(61)
		v := lo + rng.IntN(hi-lo+1)
		// A fail-soft result: any bound on the right side of mid that
		// holds for v.
		result := func(mid int) int {
			if v >= mid {
				return mid + rng.IntN(v-mid+1)
			}
			return v + rng.IntN(mid-v)
		}
		g := rng.IntN(101) - 50
		guess := &g
		if i%4 == 0 {
			guess = nil
		}
		pl := newTests(lo, hi, guess)
		rounds := 0
		for pl.lo < pl.hi {
			if rounds++; rounds > 30 {
				t.Fatalf("lo %d hi %d v %d guess %d: not closed after 30 rounds: %+v", lo, hi, v, g, pl)
			}
			a := pl.next()
			if a <= pl.lo || a > pl.hi {
				t.Fatalf("planned %d outside (%d, %d]", a, pl.lo, pl.hi)
			}
			pl.record(a, result(a))
			if pl.lo > v || pl.hi < v {
				t.Fatalf("lo %d hi %d v %d: interval [%d, %d] lost the value", lo, hi, v, pl.lo, pl.hi)
			}
		}
	}
}

// testDBs are endgame databases of up to 6 warriors, standard rules and
// free-first-lap, built once.
var testDBs [2]*egdb.DB

func testDB(t *testing.T, r movegen.Rules) *egdb.DB {
	i := 0
	if r.FreeFirstLap {
		i = 1
	}
	if testDBs[i] == nil {
		d, err := egdb.Build(context.Background(), 6, r, nil)
		if err != nil {
			t.Fatal(err)
		}
		testDBs[i] = d
	}
	return testDBs[i]
}

// randomEvals counts randomEval's calls, so the test can tell that the
// order by an evaluation was exercised.
var randomEvals atomic.Int64

// randomEval scores a position by a hash of its key: any order of the
// moves must give the same values.
type randomEval uint64

func (r randomEval) Evaluate(p *position.Position) int {
	randomEvals.Add(1)
	return int(position.MixKey(p.Key()^uint64(r))%2001) - 1000
}

// checkPV replays the PV and checks that its first move keeps the value.
func checkPV(t *testing.T, p position.Position, res Result, obj movegen.Objective, mult int, hist []uint64) {
	t.Helper()
	if len(res.PV) == 0 {
		if movegen.HasMove(&p, testRules) {
			t.Fatalf("%s: no PV", p)
		}
		return
	}
	q, st := movegen.MakeMove(p, res.PV[0], testRules)
	if st != movegen.Legal {
		t.Fatalf("%s: PV move %s %s", p, res.PV[0], st)
	}
	line := map[uint64]int{}
	for _, k := range hist {
		line[k]++
	}
	var v int
	if line[q.KeyWithPrisons()] >= 2 {
		return // the move ends the game by repetition
	}
	line[p.KeyWithPrisons()]++
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

// TestMaxNodes: a node bound stops a solve that needs more, with bounds
// that hold the value, after about that many nodes; a bound that suffices
// changes nothing.
func TestMaxNodes(t *testing.T) {
	// 25 warriors on the board, about 16 M nodes to prove (value -18).
	p, err := position.Parse("1.1.0.0.0.0.0.12*.0.0/1.0.1.0.1.4.0.0.2.2 21-14 n 32")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Solve(context.Background(), p, Options{HashMB: 1, MaxNodes: 100000})
	if err != nil || res.Exact || res.Lo > -18 || res.Hi < -18 {
		t.Fatalf("bounded: %+v %v", res, err)
	}
	if res.Nodes < 100000 || res.Nodes > 100000+1024 {
		t.Errorf("bounded at 100000 nodes: %d searched", res.Nodes)
	}
	q, _ := position.Parse("2.1.0.1.0.0.0.11.0.0/0.0.0.1.1.2.1.1.2.0 23-14 s 39")
	free, err := Solve(context.Background(), q, Options{HashMB: 1})
	if err != nil || !free.Exact {
		t.Fatal(free, err)
	}
	res, err = Solve(context.Background(), q, Options{HashMB: 1, MaxNodes: 2 * free.Nodes})
	if err != nil || !res.Exact || res.Value != free.Value || res.Nodes != free.Nodes {
		t.Fatalf("bound above the need: %+v, unbounded %+v", res, free)
	}
}
