//go:build smpstats

// Tests of the Lazy SMP instruments (go test -tags smpstats ./search).

package search

import (
	"context"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func TestSMPStatsOneThread(t *testing.T) {
	p, err := position.Parse("5.0.2.0.0.5.1.0.1.8/5.0.2.2.3.0.1.1.0.1 4-9 n 16")
	if err != nil {
		t.Fatal(err)
	}
	e, _ := NewEngine(Options{Threads: 1})
	e.Search(context.Background(), p, nil, Limits{Depth: 7}, nil)
	w := e.workers[0]
	st := &w.stats
	// Alone, a thread meets no other thread's work.
	if st.dups != 0 || st.hitsOther != 0 {
		t.Errorf("one thread: %d duplicated nodes, %d hits on another thread's entries", st.dups, st.hitsOther)
	}
	if st.visits == 0 || st.probes != st.visits || st.hits > st.probes || st.deep > st.hits || st.stores == 0 || st.storesNew > st.stores {
		t.Errorf("inconsistent counts: %+v", *st)
	}
	// A depth limit ends after a completed iteration: nothing stopped.
	if w.done != 7 || st.abortDepth != 0 {
		t.Errorf("done %d, stopped iteration at depth %d; want 7 and none", w.done, st.abortDepth)
	}
	for d := 1; d <= w.done; d++ {
		if st.best[d] == position.NoMove {
			t.Errorf("no best move recorded at depth %d", d)
		}
	}
	if st.best[w.done] != w.root[0].move {
		t.Errorf("best move at the last depth %v, played %v", st.best[w.done], w.root[0].move)
	}
}

func TestSMPStatsStopped(t *testing.T) {
	p, err := position.Parse("5.0.2.0.0.5.1.0.1.8/5.0.2.2.3.0.1.1.0.1 4-9 n 16")
	if err != nil {
		t.Fatal(err)
	}
	e, _ := NewEngine(Options{Threads: 2})
	e.Search(context.Background(), p, nil, Limits{Nodes: 50000}, nil)
	main := e.workers[0]
	// A node limit stops the main thread inside an iteration, one deeper
	// than the last it completed, and every thread with it.
	for _, w := range e.workers {
		if w.stats.abortDepth == 0 || w.stats.abortNodes == 0 {
			t.Errorf("thread %d: no stopped iteration recorded (done %d)", w.id, w.done)
		}
	}
	if main.stats.abortDepth != main.done+1 {
		t.Errorf("main thread stopped at depth %d after completing %d", main.stats.abortDepth, main.done)
	}
}
