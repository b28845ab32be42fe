// Tests of the busy marks: a mark is held while its position is searched
// and released after, another thread's mark is seen, and one thread is
// not affected.

package search

import (
	"context"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

const marksTestPos = "1.0.3.3.1.3.8*.1.3*.4/3.2.3.2.1.1.7*.1.7*.6 0-0 n 6"

// marksEngine is the test position and a two-thread engine with marks on.
func marksEngine(t *testing.T) (position.Position, *Engine) {
	t.Helper()
	p, err := position.Parse(marksTestPos)
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewEngine(Options{Threads: 2, HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	e.params.smpMarks = true
	return p, e
}

func TestMarksSeenAndReleased(t *testing.T) {
	p, e := marksEngine(t)
	s := e.newShared(context.Background(), &p, nil, Limits{Depth: 4}, nil)
	if s.marks == nil {
		t.Fatal("two threads with smpMarks: no marks")
	}
	w := e.workers[0]
	w.s = s
	w.reset()
	// A child of the root at ply 1, searched by thread 0.
	var kid position.Position
	f := &w.stack[0]
	n := w.generate(f, &p)
	for i := 0; i < n; i++ {
		if q, ok := w.child(f, i, &p); ok {
			kid = *q
			break
		}
	}
	w.keys[0] = p.KeyWithPrisons()
	w.enter(&kid, 1, false)
	key := w.keys[1]

	// Free: taken for the search, released after; not busy.
	w.search(&kid, -Infinite, Infinite, 3, 1, true)
	if s.marks.Owner(key) != 0 || w.stack[1].busy {
		t.Errorf("free slot: owner %d after the search, busy %v", s.marks.Owner(key), w.stack[1].busy)
	}
	// Marked by thread 1 for this key: busy, and thread 1's mark stays.
	if !s.marks.Mark(key, 2) {
		t.Fatal("thread 1 could not mark the key")
	}
	w.search(&kid, -Infinite, Infinite, 3, 1, true)
	if !w.stack[1].busy || s.marks.Owner(key) != 2 {
		t.Errorf("slot of thread 1: busy %v, owner %d, want true and 2", w.stack[1].busy, s.marks.Owner(key))
	}
	// Nothing is left marked by thread 0: thread 1's is the only mark.
	if n := s.marks.Count(); n != 1 {
		t.Fatalf("%d marks after the searches, want thread 1's only", n)
	}
	// (Another position's mark in the same slot is not busy: internal/busy.)
}

// One thread has no marks: the search is the same node for node.
func TestMarksOneThreadUnchanged(t *testing.T) {
	p, err := position.Parse(marksTestPos)
	if err != nil {
		t.Fatal(err)
	}
	var nodes [2]uint64
	for i, on := range []bool{false, true} {
		e, err := NewEngine(Options{HashMB: 1})
		if err != nil {
			t.Fatal(err)
		}
		e.params.smpMarks = on
		nodes[i] = e.Search(context.Background(), p, nil, Limits{Depth: 9}, nil).Nodes
	}
	if nodes[0] != nodes[1] {
		t.Errorf("one thread: %d nodes without marks, %d with", nodes[0], nodes[1])
	}
}

// Two threads with marks search to a depth and play a legal move, and no
// mark is left behind.
func TestMarksTwoThreads(t *testing.T) {
	p, e := marksEngine(t)
	res := e.Search(context.Background(), p, nil, Limits{Depth: 10}, nil)
	if !res.HasMove || res.Depth < 10 {
		t.Fatalf("result %+v", res)
	}
	if _, err := movegen.Apply(p, res.Best, movegen.Rules{}); err != nil {
		t.Errorf("move %s: %v", res.Best, err)
	}
	if n := e.marks.Count(); n != 0 {
		t.Fatalf("%d marks left after the search", n)
	}
}
