// Tests of LastTiming: each thread's nodes and times of the last search.

package search

import (
	"context"
	"testing"
	"time"

	"github.com/kiothi/kiothi/position"
)

func TestLastTiming(t *testing.T) {
	p, err := position.Parse("1.0.3.3.1.3.8*.1.3*.4/3.2.3.2.1.1.7*.1.7*.6 0-0 n 6")
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewEngine(Options{Threads: 2, HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e.LastTiming(); ok {
		t.Error("a timing before the first search")
	}
	for _, l := range []Limits{{Depth: 6}, {MoveTime: 20 * time.Millisecond}} {
		res := e.Search(context.Background(), p, nil, l, nil)
		tm, ok := e.LastTiming()
		if !ok {
			t.Fatalf("%+v: no timing", l)
		}
		if len(tm.Nodes) != 2 || len(tm.Begun) != 2 || len(tm.Ended) != 2 {
			t.Fatalf("%+v: timing for %d threads, want 2: %+v", l, len(tm.Nodes), tm)
		}
		if sum := tm.Nodes[0] + tm.Nodes[1]; sum != res.Nodes || tm.Nodes[0] == 0 {
			t.Errorf("%+v: thread nodes %v, result's %d", l, tm.Nodes, res.Nodes)
		}
		for i := range tm.Nodes {
			if !(tm.Setup <= tm.Begun[i] && tm.Begun[i] <= tm.Ended[i] && tm.Ended[i] <= tm.Done) {
				t.Errorf("%+v thread %d: set-up %v, begun %v, ended %v, done %v: out of order", l, i, tm.Setup, tm.Begun[i], tm.Ended[i], tm.Done)
			}
		}
		if tm.Stopped <= 0 || tm.Stopped > tm.Done {
			t.Errorf("%+v: stopped %v, done %v", l, tm.Stopped, tm.Done)
		}
		// At a move time both threads search until the stop.
		if l.MoveTime > 0 && (tm.Stopped > tm.Ended[0] || tm.Stopped > tm.Ended[1] || tm.Stopped < l.MoveTime) {
			t.Errorf("%+v: stopped %v, ended %v", l, tm.Stopped, tm.Ended)
		}
	}
	// An opening search runs no threads of the play phase.
	e.Search(context.Background(), position.Start(30), nil, Limits{Depth: 2}, nil)
	if _, ok := e.LastTiming(); ok {
		t.Error("a timing after an opening search")
	}
}
