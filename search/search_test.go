// Tests of the search: exact values against exhaustive minimax, proven
// scores, repetition, determinism, threads, limits and the opening.

package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// minimax is the exhaustive game value (final margin from the side to
// move's view) with the repetition rule over the path; ok is false when
// the tree is bigger than the budget.
type minimax struct {
	r      movegen.Rules
	path   []uint64
	budget int
}

func (m *minimax) value(p position.Position) (int, bool) {
	if m.budget--; m.budget < 0 {
		return 0, false
	}
	k := p.KeyWithPrisons()
	seen := 0
	for _, h := range m.path {
		if h == k {
			seen++
		}
	}
	side := 1
	if p.Side() == position.North {
		side = -1
	}
	if seen >= 2 {
		return side * movegen.RepetitionOutcome(&p).Margin(), true
	}
	var list movegen.MoveList
	n := movegen.Generate(&p, m.r, &list)
	if n == 0 {
		return side * movegen.NoMoveOutcome(&p).Margin(), true
	}
	m.path = append(m.path, k)
	defer func() { m.path = m.path[:len(m.path)-1] }()
	best := -1000
	for i := 0; i < n; i++ {
		q, _ := movegen.MakeMove(p, list[i], m.r)
		v, ok := m.value(q)
		if !ok {
			return 0, false
		}
		best = max(best, -v)
	}
	return best, true
}

// TestExactValues: on small positions solved by exhaustive minimax where
// the choice matters (some move loses value), the search proves the exact
// value and plays a move that keeps it.
func TestExactValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	found := 0
	for tries := 0; found < 12 && tries < 5000; tries++ {
		p := testgame.RandomPlay(rng, rng.IntN(8), 30)
		if !movegen.HasMove(&p, movegen.Rules{}) {
			continue
		}
		mm := &minimax{budget: 200000}
		want, ok := mm.value(p)
		if !ok {
			continue
		}
		// Values of each root move, to know the position is a test.
		var list movegen.MoveList
		n := movegen.Generate(&p, movegen.Rules{}, &list)
		worse := false
		moveValue := map[position.Move]int{}
		for i := 0; i < n; i++ {
			q, _ := movegen.MakeMove(p, list[i], movegen.Rules{})
			mm := &minimax{budget: 200000, path: []uint64{p.KeyWithPrisons()}}
			v, _ := mm.value(q)
			moveValue[list[i]] = -v
			worse = worse || -v < want
		}
		if !worse {
			continue
		}
		found++
		e, _ := NewEngine(Options{HashMB: 1})
		res := e.Search(context.Background(), p, []uint64{p.KeyWithPrisons()}, Limits{Depth: 40}, nil)
		if moveValue[res.Best.Play] != want {
			t.Errorf("%s: played %s worth %d, best is %d", p, res.Best, moveValue[res.Best.Play], want)
		}
		if want != 0 && (!res.Proven || res.Score != 100*want) {
			t.Errorf("%s: score %d proven %v, exact value %d", p, res.Score, res.Proven, want)
		}
	}
	if found < 12 {
		t.Fatalf("only %d test positions found", found)
	}
}

// TestNoMove: a position without a legal move has no best move and scores
// its final margin, proven.
func TestNoMove(t *testing.T) {
	p, err := position.Parse("0.0.0.1.1.0.1.1.1.1/0.0.0.0.0.0.0.0.0.0 12-42 n 44")
	if err != nil {
		t.Fatal(err)
	}
	e, _ := NewEngine(Options{HashMB: 1})
	res := e.Search(context.Background(), p, nil, Limits{Depth: 5}, nil)
	// North cannot move: South takes the 6 on the board, 18-42, North +24.
	if res.HasMove || !res.Proven || res.Score != 2400 {
		t.Fatalf("got %+v", res)
	}
}

// TestRepetition: a move to a position already seen twice in the game
// ends the game with each side taking its own row.
func TestRepetition(t *testing.T) {
	p, err := position.Parse("0.0.3.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.2 10-10 s 30")
	if err != nil {
		t.Fatal(err)
	}
	var list movegen.MoveList
	n := movegen.Generate(&p, movegen.Rules{}, &list)
	for i := 0; i < n; i++ {
		q, _ := movegen.MakeMove(p, list[i], movegen.Rules{})
		hist := []uint64{q.KeyWithPrisons(), 1, q.KeyWithPrisons(), 2, p.KeyWithPrisons()}
		e, _ := NewEngine(Options{HashMB: 1, MultiPV: n})
		var lines []Info
		e.Search(context.Background(), p, hist, Limits{Depth: 1}, func(in Info) { lines = append(lines, in) })
		o := movegen.RepetitionOutcome(&q)
		want := o.Margin() * 100 // South to move
		got := false
		for _, in := range lines {
			if in.PV[0].Play == list[i] {
				got = true
				if !in.Proven || in.Score != want {
					t.Errorf("%s after history x2: score %d proven %v, want proven %d", list[i], in.Score, in.Proven, want)
				}
			}
		}
		if !got {
			t.Errorf("%s: no line", list[i])
		}
	}
}

// TestDeterministic: one thread, depth or node limit: same nodes, move and
// score on every run.
func TestDeterministic(t *testing.T) {
	ps := suitePositions(t)
	for _, l := range []Limits{{Depth: 7}, {Nodes: 20000}} {
		for _, p := range ps[7:14] {
			var prev Result
			for run := 0; run < 2; run++ {
				e, _ := NewEngine(Options{HashMB: 2})
				res := e.Search(context.Background(), p, nil, l, nil)
				if run == 1 && (res.Nodes != prev.Nodes || res.Best != prev.Best || res.Score != prev.Score) {
					t.Errorf("%s %+v: %v/%d/%d then %v/%d/%d", p, l, prev.Best, prev.Score, prev.Nodes, res.Best, res.Score, res.Nodes)
				}
				prev = res
			}
		}
	}
}

// TestThreads: a Lazy SMP search returns a legal move under each limit
// (run with -race).
func TestThreads(t *testing.T) {
	ps := suitePositions(t)
	e, err := NewEngine(Options{Threads: 3, HashMB: 4, MultiPV: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range []Limits{{Depth: 6}, {Nodes: 30000}, {MoveTime: 30 * time.Millisecond}} {
		p := ps[8+i]
		res := e.Search(context.Background(), p, nil, l, func(Info) {})
		if !res.HasMove {
			t.Fatalf("%s: no move", p)
		}
		if _, st := movegen.MakeMove(p, res.Best.Play, movegen.Rules{}); st != movegen.Legal {
			t.Fatalf("%s: best %s is %s", p, res.Best, st)
		}
	}
}

// TestStop: an infinite search ends when its context does, with a move.
func TestStop(t *testing.T) {
	p := suitePositions(t)[10]
	e, _ := NewEngine(Options{Threads: 2, HashMB: 2})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	st := time.Now()
	res := e.Search(ctx, p, nil, Limits{Infinite: true}, nil)
	if el := time.Since(st); el > 10*time.Second {
		t.Fatalf("stopped after %v", el)
	}
	if !res.HasMove {
		t.Fatal("no move")
	}
}

// TestClock: the time manager's budget from a clock, and a clock search
// that ends (how fast is for benchmarks; the bound here only catches a
// search that ignores its clock).
func TestClock(t *testing.T) {
	play := func(side position.Side) *position.Position {
		p, err := position.Parse("0.0.0.0.5*.5*.5*.5*.5*.5*/0.0.0.0.5*.5*.5*.5*.5*.5* 0-0 s 3")
		if err != nil {
			t.Fatal(err)
		}
		p.SetSide(side)
		return &p
	}
	start := position.Start(30)
	for _, c := range []struct {
		name       string
		l          Limits
		root       *position.Position
		soft, hard time.Duration
	}{
		// The play position has 60 warriors on the board: the time at
		// hand is shared over 5 + 60*3/10 = 23 moves, plus 3/4 of the
		// increment; soft is the budget, hard three times it, at most a
		// third of the clock.
		{"clock south", Limits{P1Time: 60 * time.Second, P2Time: time.Second}, play(position.South), 60 * time.Second / 23, 60 * time.Second / 23 * 3},
		{"clock north", Limits{P1Time: 60 * time.Second, P2Time: 3 * time.Second}, play(position.North), 3 * time.Second / 23, 3 * time.Second / 23 * 3},
		{"increment", Limits{P1Time: 3 * time.Second, P1Inc: time.Second}, play(position.South), 3*time.Second/23 + 750*time.Millisecond, time.Second},
		// At the opening the budget is openingFactor times larger, at
		// most a fifth of the clock, soft and hard alike: 60s/23*4 is
		// less than 12s; 6s/23*4 is more than 1.2s.
		{"opening clock", Limits{P1Time: 60 * time.Second}, &start, 60 * time.Second / 23 * 4, 60 * time.Second / 23 * 4},
		{"opening short clock", Limits{P1Time: 6 * time.Second, P1Inc: 100 * time.Millisecond}, &start, 1200 * time.Millisecond, 1200 * time.Millisecond},
		{"movetime", Limits{MoveTime: 500 * time.Millisecond, MoveOverhead: 100 * time.Millisecond}, play(position.South), 400 * time.Millisecond, 400 * time.Millisecond},
		// The overhead is capped at half the move time: 20ms with the
		// default 30ms overhead searches 10ms, not 1ms.
		{"short movetime", Limits{MoveTime: 20 * time.Millisecond, MoveOverhead: 30 * time.Millisecond}, play(position.South), 10 * time.Millisecond, 10 * time.Millisecond},
		// 40ms on the clock, overhead capped at 20ms: 20ms at hand, a
		// budget of 20ms/23, soft the budget, hard three times it.
		{"short clock", Limits{P1Time: 40 * time.Millisecond, MoveOverhead: 30 * time.Millisecond}, play(position.South), 20 * time.Millisecond / 23, 20 * time.Millisecond / 23 * 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			var s shared
			s.setTime(c.l, c.root)
			if !s.timed || s.soft != c.soft || s.hard != c.hard {
				t.Errorf("%+v: soft %v hard %v, want %v %v", c.l, s.soft, s.hard, c.soft, c.hard)
			}
		})
	}
	p := suitePositions(t)[12]
	e, _ := NewEngine(Options{HashMB: 2})
	st := time.Now()
	res := e.Search(context.Background(), p, nil, Limits{P1Time: 600 * time.Millisecond, P2Time: 600 * time.Millisecond}, nil)
	if el := time.Since(st); el > 10*time.Second || !res.HasMove {
		t.Fatalf("took %v of a 600ms clock, result %+v", el, res)
	}
}

// TestOpening: at turns 1 and 2 the search answers with a legal
// redistribution under depth, node and time limits.
func TestOpening(t *testing.T) {
	start := position.Start(30)
	south := position.Start(25)
	after, err := movegen.MakeOpening(start, mustOpening(t, "ij:a3b2F5"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []position.Position{start, south, after} {
		for _, l := range []Limits{{Depth: 1}, {Nodes: 5000}, {MoveTime: 100 * time.Millisecond}} {
			e, _ := NewEngine(Options{HashMB: 2})
			st := time.Now()
			res := e.Search(context.Background(), p, nil, l, nil)
			if l.MoveTime > 0 && time.Since(st) > 10*time.Second {
				t.Errorf("%s: %v for a %v move time", p, time.Since(st), l.MoveTime)
			}
			if !res.HasMove || !res.Best.Redistribution {
				t.Fatalf("%s %+v: %+v", p, l, res)
			}
			if _, err := movegen.MakeOpening(p, res.Best.Opening); err != nil {
				t.Fatalf("%s: %s illegal: %v", p, res.Best, err)
			}
		}
	}
}

func mustOpening(t *testing.T, s string) position.OpeningMove {
	m, err := position.ParseOpeningMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestBadOptions(t *testing.T) {
	for _, o := range []Options{{Threads: -1}, {HashMB: -5}, {HashMB: 1 << 30}, {MultiPV: 500}, {Multiplier: 11}} {
		if _, err := NewEngine(o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
}

func TestScoreBands(t *testing.T) {
	for v := -6300; v <= 6300; v += 100 {
		s := Proven(v)
		got, proven := Decode(s)
		if got != v || proven != (v != 0) || IsProven(s) != (v != 0) {
			t.Fatalf("%d: encoded %d, decoded %d %v", v, s, got, proven)
		}
		if v > 0 && s <= MaxHeuristic || v < 0 && s >= -MaxHeuristic {
			t.Fatalf("%d: %d inside the heuristic band", v, s)
		}
	}
}

// TestNoAllocInSearchLoop: a search allocates the same at depth 3 as at
// depth 9 (setup only), so nothing in the loop allocates.
func TestNoAllocInSearchLoop(t *testing.T) {
	p := suitePositions(t)[9]
	e, _ := NewEngine(Options{HashMB: 4})
	allocs := func(d int) float64 {
		return testing.AllocsPerRun(3, func() {
			e.NewGame()
			e.Search(context.Background(), p, nil, Limits{Depth: d}, nil)
		})
	}
	if a, b := allocs(3), allocs(9); a != b {
		t.Fatalf("allocations: %v at depth 3, %v at depth 9", a, b)
	}
}

func BenchmarkSearch(b *testing.B) {
	p := suitePositions(b)[9]
	e, _ := NewEngine(Options{HashMB: 16})
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		e.NewGame()
		nodes += e.Search(context.Background(), p, nil, Limits{Depth: 10}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestMatchObjective: a forced win by exactly two scores the one-warrior
// multiplier in match points, and by margin otherwise.
func TestMatchObjective(t *testing.T) {
	p, err := position.Parse("0.0.0.0.0.0.0.1.0.0/0.0.0.0.0.0.0.0.1.0 29-29 s 45")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		o    Options
		want int
	}{
		{Options{HashMB: 1}, 200},
		{Options{HashMB: 1, Objective: movegen.Match, Multiplier: 5}, 500},
		{Options{HashMB: 1, Objective: movegen.Match}, 200},
	} {
		t.Run(fmt.Sprintf("objective %d multiplier %d", c.o.Objective, c.o.Multiplier), func(t *testing.T) {
			e, _ := NewEngine(c.o)
			res := e.Search(context.Background(), p, nil, Limits{Depth: 10}, nil)
			if !res.Proven || res.Score != c.want {
				t.Errorf("%+v: score %d proven %v, want proven %d", c.o, res.Score, res.Proven, c.want)
			}
		})
	}
}
