// Tests of the time manager: the clock budget by phase, the soft limit's
// scaling by the iterations, forced and proven moves, and the bounds no
// clock search may pass.

package search

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func mustPosition(t *testing.T, s string) *position.Position {
	t.Helper()
	p, err := position.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return &p
}

// TestMovesToGoByPhase: the same clock buys a move more time when fewer
// warriors are left on the board (fewer moves to come), as movesToGo
// says: 5 + 3/10 of the warriors.
func TestMovesToGoByPhase(t *testing.T) {
	full := mustPosition(t, "0.0.0.0.5*.5*.5*.5*.5*.5*/0.0.0.0.5*.5*.5*.5*.5*.5* 0-0 s 3")
	late := mustPosition(t, "0.0.0.0.0.0.2*.3*.2*.3*/0.0.0.0.0.0.2*.3*.2*.3* 20-20 s 40")
	if got := movesToGo(full); got != 5+60*3/10 {
		t.Errorf("movesToGo(60 warriors) = %d, want 23", got)
	}
	if got := movesToGo(late); got != 5+20*3/10 {
		t.Errorf("movesToGo(20 warriors) = %d, want 11", got)
	}
	l := Limits{P1Time: 10 * time.Second}
	var a, b shared
	a.setTime(l, full)
	b.setTime(l, late)
	if a.soft != 10*time.Second/23 || b.soft != 10*time.Second/11 {
		t.Errorf("soft %v at 60 warriors and %v at 20, want %v and %v", a.soft, b.soft, 10*time.Second/23, 10*time.Second/11)
	}
}

// TestSoftLimitScaling: after each iteration of a clock search the soft
// limit grows when the best move changed or the score fell, and shrinks
// once the best move has held for more than stableIters iterations; it
// never passes the hard limit.
func TestSoftLimitScaling(t *testing.T) {
	m1, m2 := position.Move(1), position.Move(2)
	newShared := func() *shared {
		s := &shared{}
		s.setTime(Limits{P1Time: 23 * time.Second}, mustPosition(t, "0.0.0.0.5*.5*.5*.5*.5*.5*/0.0.0.0.5*.5*.5*.5*.5*.5* 0-0 s 3"))
		if s.soft != time.Second || s.hard != 3*time.Second {
			t.Fatalf("soft %v hard %v, want 1s and 3s", s.soft, s.hard)
		}
		return s
	}
	s := newShared()
	s.clock.iterated(m1, 10)
	if got := s.softLimit(); got != time.Second {
		t.Errorf("after the first iteration: %v, want 1s", got)
	}
	s.clock.iterated(m2, 10)
	if got, want := s.softLimit(), time.Second*changeScale/1000; got != want {
		t.Errorf("best move changed: %v, want %v", got, want)
	}
	for i := 2; i <= stableIters; i++ {
		s.clock.iterated(m2, 10)
		if got := s.softLimit(); got != time.Second {
			t.Errorf("best move held %d iterations: %v, want 1s", i, got)
		}
	}
	s.clock.iterated(m2, 10)
	if got, want := s.softLimit(), time.Second*stableScale/1000; got != want {
		t.Errorf("best move held %d iterations: %v, want %v", stableIters+1, got, want)
	}
	// A fall of 40 centi-warriors with a stable move: stableScale, then
	// dropScale per mille a centi-warrior on top.
	s.clock.iterated(m2, -30)
	if got, want := s.softLimit(), time.Second*(stableScale+stableScale*40*dropScale/1000)/1000; got != want {
		t.Errorf("score fell by 40: %v, want %v", got, want)
	}
	// A change and a big fall together: capped at the hard limit.
	s = newShared()
	s.clock.iterated(m1, 500)
	s.clock.iterated(m2, -500)
	want := min(time.Second*(changeScale+changeScale*dropCap*dropScale/1000)/1000, s.hard)
	if got := s.softLimit(); got != want || got > s.hard {
		t.Errorf("change and fall: %v, want %v (hard %v)", got, want, s.hard)
	}
	// A move time keeps its limits whatever the iterations do.
	var mt shared
	mt.setTime(Limits{MoveTime: 500 * time.Millisecond}, mustPosition(t, "0.0.0.0.5*.5*.5*.5*.5*.5*/0.0.0.0.5*.5*.5*.5*.5*.5* 0-0 s 3"))
	for i, m := range []position.Move{m1, m2, m1, m1, m1, m1, m1} {
		mt.clock.iterated(m, -100*i)
		if got := mt.softLimit(); got != 500*time.Millisecond || mt.provenStop() {
			t.Fatalf("move time after iteration %d: soft %v, proven stop %v", i+1, got, mt.provenStop())
		}
	}
}

// TestProvenStop: a clock search stops once the root's proven score has
// held for provenIters iterations; a heuristic or a changing proven score
// does not stop it.
func TestProvenStop(t *testing.T) {
	s := shared{start: time.Now()}
	s.setTime(Limits{P1Time: time.Minute}, mustPosition(t, "0.0.0.0.5*.5*.5*.5*.5*.5*/0.0.0.0.5*.5*.5*.5*.5*.5* 0-0 s 3"))
	w := &worker{root: make([]rootMove, 3)}
	steps := []struct {
		score int
		stop  bool
	}{
		{100, false}, {Proven(400), false}, {Proven(200), false}, {Proven(200), true},
	}
	for i, st := range steps {
		s.clock.iterated(position.Move(1), st.score)
		if got := s.stopAfterIteration(w); got != st.stop {
			t.Errorf("iteration %d (score %d): stop %v, want %v", i+1, st.score, got, st.stop)
		}
	}
	d := shared{start: time.Now(), maxDepth: 10} // a depth search does not stop on a proven score
	for range 3 {
		d.clock.iterated(position.Move(1), Proven(200))
	}
	if d.stopAfterIteration(w) {
		t.Error("a depth search stopped on a proven score")
	}
}

// TestForcedMoveOnClock: with one legal move and a long clock, the search
// answers after depth 1 and does not run the solver, although the board
// is small enough for a solve of that budget.
func TestForcedMoveOnClock(t *testing.T) {
	p := mustPosition(t, "0.0.0.1*.0.0.0.0.0.0/2*.6*.0.3*.3*.3.0.1*.3.3 19-19 s 20")
	if n := movegen.CountMoves(p, movegen.Rules{}); n != 1 {
		t.Fatalf("%d legal moves, want 1", n)
	}
	e, _ := NewEngine(Options{HashMB: 2})
	st := time.Now()
	res := e.Search(context.Background(), *p, nil, Limits{P1Time: 1000 * time.Second, P2Time: 1000 * time.Second}, nil)
	el := time.Since(st)
	if !res.HasMove || res.Depth != 1 || e.solved != nil {
		t.Errorf("result %+v, solver ran: %v", res, e.solved != nil)
	}
	// Generous: the budget is over a minute; depth 1 takes microseconds.
	if el > 5*time.Second {
		t.Errorf("forced move took %v", el)
	}
}

// TestClockBounds: on any clock, soft <= hard <= a third of the clock
// less the overhead (a fifth at the opening), and at least a millisecond;
// the overhead kept is at most half the clock.
func TestClockBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 4))
	start := position.Start(30)
	for i := 0; i < 20000; i++ {
		var root position.Position
		if i%10 == 0 {
			root = start
		} else {
			root = testgame.RandomPlay(rng, rng.IntN(61), 20)
		}
		t1 := time.Duration(rng.Int64N(int64(10 * time.Minute)))
		if i%3 == 0 {
			t1 = time.Duration(rng.Int64N(int64(200 * time.Millisecond)))
		}
		l := Limits{
			P1Time: t1, P2Time: t1, P1Inc: time.Duration(rng.Int64N(int64(5 * time.Second))),
			MoveOverhead: time.Duration(rng.Int64N(int64(200 * time.Millisecond))),
		}
		l.P2Inc = l.P1Inc
		var s shared
		s.setTime(l, &root)
		if t1 <= 0 {
			continue
		}
		over := min(l.MoveOverhead, t1/overheadShare)
		share := time.Duration(maxShare)
		if root.Phase() != position.Play {
			share = openingShare
		}
		bound := max((t1-over)/share, time.Millisecond)
		if s.soft > s.hard || s.hard > bound || s.hard < time.Millisecond {
			t.Fatalf("%+v at %s: soft %v hard %v, bound %v", l, root.String(), s.soft, s.hard, bound)
		}
	}
}

// TestClockSearchWithinHard: clock searches end within their hard limit
// plus a generous margin for a loaded machine, from the opening on.
func TestClockSearchWithinHard(t *testing.T) {
	e, _ := NewEngine(Options{HashMB: 2})
	ps := suitePositions(t)
	start := position.Start(30)
	for _, p := range []position.Position{start, ps[3], ps[12], ps[20]} {
		l := Limits{P1Time: 300 * time.Millisecond, P2Time: 300 * time.Millisecond, P1Inc: 20 * time.Millisecond, P2Inc: 20 * time.Millisecond, MoveOverhead: 10 * time.Millisecond}
		var s shared
		s.setTime(l, &p)
		st := time.Now()
		res := e.Search(context.Background(), p, nil, l, nil)
		if el := time.Since(st); el > s.hard+2*time.Second || !res.HasMove {
			t.Errorf("%s: %v for a hard limit of %v, result %+v", p.String(), el, s.hard, res)
		}
	}
}

// TestSolveFailedGivesClockTime: an unfinished root solve on a clock
// moves the soft limit on by the time it spent, and the hard limit not at
// all; under a move time neither moves.
func TestSolveFailedGivesClockTime(t *testing.T) {
	late := mustPosition(t, "0.0.0.0.0.0.2*.3*.2*.3*/0.0.0.0.0.0.2*.3*.2*.3* 20-20 s 40")
	var c, m shared
	c.setTime(Limits{P1Time: 11 * time.Second}, late)
	m.setTime(Limits{MoveTime: 200 * time.Millisecond}, late)
	soft, hard := c.soft, c.hard
	c.solveFailed(300 * time.Millisecond)
	if c.soft != soft+300*time.Millisecond || c.hard != hard {
		t.Errorf("clock: soft %v hard %v after a 300 ms solve, want %v and %v", c.soft, c.hard, soft+300*time.Millisecond, hard)
	}
	m.solveFailed(170 * time.Millisecond)
	if m.soft != 200*time.Millisecond || m.hard != 200*time.Millisecond {
		t.Errorf("move time: soft %v hard %v after a solve, want 200ms both", m.soft, m.hard)
	}
}
