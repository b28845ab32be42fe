// Tests of the exact endgames: the root solve and the probes against
// package solve on seeded random small positions.

package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/solve"
)

// solved returns p's proven value under o, with history before p.
func solvedValue(t *testing.T, p position.Position, o Options, history []uint64) int {
	t.Helper()
	res, err := solve.Solve(context.Background(), p, solve.Options{Rules: o.Rules, Objective: o.Objective, Multiplier: o.Multiplier, HashMB: 1, History: history})
	if err != nil || !res.Exact {
		t.Fatalf("%s: solve %+v %v", p, res, err)
	}
	return res.Value
}

// TestRootSolve: a timed search of a small position plays a move that
// keeps the proven value and reports that value, proven, under both
// objectives.
func TestRootSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 1))
	for i := 0; i < 30; i++ {
		p := testgame.RandomPlay(rng, 6+rng.IntN(9), 25)
		o := Options{HashMB: 1}
		if i%3 == 0 {
			o.Objective, o.Multiplier = movegen.Match, 2+rng.IntN(9)
		}
		if !movegen.HasMove(&p, o.Rules) {
			continue
		}
		e, _ := NewEngine(o)
		hist := []uint64{p.KeyWithPrisons()}
		res := e.Search(context.Background(), p, hist, Limits{MoveTime: 20 * time.Second}, nil)
		want := solvedValue(t, p, e.Options(), nil)
		if v, proven := Decode(Proven(100 * want)); res.Score != v || res.Proven != proven {
			t.Errorf("%s objective %d: score %d proven %v, solved %d", p, o.Objective, res.Score, res.Proven, want)
		}
		q, _ := movegen.MakeMove(p, res.Best.Play, o.Rules)
		if got := -solvedValue(t, q, e.Options(), hist); got != want {
			t.Errorf("%s objective %d: %s is worth %d, the position %d", p, o.Objective, res.Best, got, want)
		}
	}
}

// TestDepthSearchSkipsSolver: searches by depth or nodes (with a deadline
// or without) do not solve, so they stay deterministic
// whatever the engine solved before.
func TestDepthSearchSkipsSolver(t *testing.T) {
	p, err := position.Parse("0.1.0.7.1.0.0.0.0.0/2.0.0.1.1.1.1.0.0.1 22-22 s 29")
	if err != nil {
		t.Fatal(err)
	}
	e, _ := NewEngine(Options{HashMB: 1})
	a := e.Search(context.Background(), p, nil, Limits{Depth: 6}, nil)
	if e.solved != nil {
		t.Fatal("a depth search made the table of proven values")
	}
	// A time beside a depth or node limit is a deadline (a match's move
	// timeout), not a budget for a solve.
	for _, l := range []Limits{{Depth: 6, MoveTime: time.Minute}, {Nodes: 5000, MoveTime: time.Minute}} {
		e.Search(context.Background(), p, nil, l, nil)
		if e.solved != nil {
			t.Fatalf("%+v: a limited search with a deadline solved", l)
		}
	}
	e.Search(context.Background(), p, nil, Limits{MoveTime: 200 * time.Millisecond}, nil)
	if e.solved == nil {
		t.Fatal("a timed search did not solve")
	}
	e.NewGame()
	b := e.Search(context.Background(), p, nil, Limits{Depth: 6}, nil)
	if a.Nodes != b.Nodes || a.Best != b.Best || a.Score != b.Score {
		t.Errorf("depth 6 before %+v, after a solve %+v", a, b)
	}
}

func TestSolveWarriors(t *testing.T) {
	solveBase := defaultParams.solveBase
	for _, c := range []struct {
		budget time.Duration
		want   int
	}{
		{time.Second, solveBase}, {1500 * time.Millisecond, solveBase}, {2 * time.Second, solveBase + 1},
		{999 * time.Millisecond, solveBase - 1}, {500 * time.Millisecond, solveBase - 1},
		{40 * time.Millisecond, solveBase - 5}, {time.Hour, solveMax},
	} {
		if got := solveWarriors(c.budget, solveBase); got != c.want {
			t.Errorf("solveWarriors(%v) = %d, want %d", c.budget, got, c.want)
		}
	}
}

// TestSolveRoom: on two threads or more a root solve's budget is worth
// more one-thread time, so at a 50 ms move (the solve's 42.5 ms) two
// threads solve roots of one warrior more than one thread does; one
// thread's budget is what it is.
func TestSolveRoom(t *testing.T) {
	budget := 50 * time.Millisecond * solveShare / 1000
	base := defaultParams.solveBaseDB
	if solveRoom(time.Second, 1) != time.Second {
		t.Errorf("one thread: %v worth %v", time.Second, solveRoom(time.Second, 1))
	}
	one, two := solveWarriors(solveRoom(budget, 1), base), solveWarriors(solveRoom(budget, 2), base)
	if two != one+1 || solveWarriors(solveRoom(budget, 8), base) != two {
		t.Errorf("at %v: one thread %d warriors, two %d, eight %d", budget, one, two, solveWarriors(solveRoom(budget, 8), base))
	}
}

// TestWarriors: a score rounds to the nearest warrior, halves up, on both
// sides of zero, proven or not.
func TestWarriors(t *testing.T) {
	for _, c := range []struct{ s, want int }{
		{0, 0}, {49, 0}, {50, 1}, {149, 1}, {150, 2}, {-49, 0}, {-50, 0}, {-51, -1}, {-150, -1}, {-151, -2},
		{Proven(400), 4}, {Proven(-400), -4}, {Proven(-250), -2},
	} {
		if got := Warriors(c.s); got != c.want {
			t.Errorf("Warriors(%d) = %d, want %d", c.s, got, c.want)
		}
	}
}

// TestDatabaseLeaves: a depth-2 search with an endgame database (no root
// solve: a depth limit) scores a position without nki marks, whose every
// child the database holds, by the exact value (on the evaluation's
// scale, or proven where the best child is a finished game) and plays a
// move that keeps it; under the match objective the database is not
// read.
func TestDatabaseLeaves(t *testing.T) {
	db, err := egdb.Build(context.Background(), 6, movegen.Rules{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(17, 2))
	checked := 0
	for checked < 30 {
		r := testgame.RandomPlay(rng, 2+rng.IntN(5), 20)
		var c [position.NumPits]int
		for i := range c {
			c[i] = r.Count(i)
		}
		p, err := position.New(c, 0, [2]int{r.Prison(position.South), r.Prison(position.North)}, r.Side(), r.Turn())
		if err != nil || !movegen.HasMove(&p, movegen.Rules{}) {
			continue
		}
		checked++
		e, _ := NewEngine(Options{HashMB: 1, DB: db})
		var last Info
		res := e.Search(context.Background(), p, nil, Limits{Depth: 2}, func(in Info) { last = in })
		want := solvedValue(t, p, e.Options(), nil)
		if res.Score != 100*want {
			t.Errorf("%s: score %d, solved %d", p, res.Score, want)
		}
		// The line goes on past the held position to the game's end, and
		// ends as the score says; the last info line shows it.
		if fmt.Sprint(last.PV) != fmt.Sprint(res.PV) {
			t.Errorf("%s: last info line's PV %v, result's %v", p, last.PV, res.PV)
		}
		end := p
		for _, m := range res.PV {
			q, st := movegen.MakeMove(end, m.Play, movegen.Rules{})
			if st != movegen.Legal {
				t.Fatalf("%s: PV %v: %s is not legal", p, res.PV, m)
			}
			end = q
		}
		if movegen.HasMove(&end, movegen.Rules{}) {
			t.Errorf("%s: PV %v stops at %s, before the game's end", p, res.PV, end)
		} else {
			got := movegen.NoMoveOutcome(&end).Margin() // South's view
			if p.Side() == position.North {
				got = -got
			}
			if got != want {
				t.Errorf("%s: PV %v ends %d, solved %d", p, res.PV, got, want)
			}
		}
		q, _ := movegen.MakeMove(p, res.Best.Play, movegen.Rules{})
		if got := -solvedValue(t, q, e.Options(), nil); got != want {
			t.Errorf("%s: %s is worth %d, the position %d", p, res.Best, got, want)
		}
		// The match objective searches as without a database.
		m := Options{HashMB: 1, Objective: movegen.Match, Multiplier: 2}
		a, _ := NewEngine(m)
		m.DB = db
		b, _ := NewEngine(m)
		ra := a.Search(context.Background(), p, nil, Limits{Depth: 3}, nil)
		rb := b.Search(context.Background(), p, nil, Limits{Depth: 3}, nil)
		if ra.Score != rb.Score || ra.Nodes != rb.Nodes {
			t.Errorf("%s match: with the database score %d nodes %d, without %d %d", p, rb.Score, rb.Nodes, ra.Score, ra.Nodes)
		}
	}
}
