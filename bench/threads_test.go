// Tests of the thread measurement: a row per thread count and limit, whose
// totals add up.

package bench

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

func TestThreads(t *testing.T) {
	ps, err := Positions()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	rows, err := Threads(context.Background(), ThreadsOptions{Threads: []int{1, 2}, Depth: 3, HashMB: 1}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].Threads != 1 || rows[1].Threads != 2 {
		t.Fatalf("rows %+v, want one for 1 thread and one for 2", rows)
	}
	for _, r := range rows {
		if r.Searches+r.Skipped != len(ps) || r.Searches == 0 {
			t.Errorf("%d threads: %d searches and %d skipped, want %d in all", r.Threads, r.Searches, r.Skipped, len(ps))
		}
		if r.Nodes == 0 || r.MainNodes == 0 || r.MainNodes > r.Nodes || r.Threads == 1 && r.MainNodes != r.Nodes {
			t.Errorf("%d threads: nodes %d, main thread %d", r.Threads, r.Nodes, r.MainNodes)
		}
		// Depth 3 from a depth limit: every result is at least that deep.
		if r.DepthSum < 3*r.Searches || r.Wall <= 0 || r.ThreadTime <= 0 {
			t.Errorf("%d threads: depth sum %d over %d searches, wall %v, thread time %v", r.Threads, r.DepthSum, r.Searches, r.Wall, r.ThreadTime)
		}
	}
	text := out.String()
	if !strings.Contains(text, "depth 3, 1 thread, ") || !strings.Contains(text, "depth 3, 2 threads,") || !strings.Contains(text, "against 1 thread: ") {
		t.Errorf("output:\n%s", text)
	}
	if _, err := Threads(context.Background(), ThreadsOptions{}, &out); err == nil {
		t.Error("no thread counts: no error")
	}
	// A move time: the limit is in each line, and the time was spent (by
	// some searches: one with a single move or a proven value ends sooner).
	rows, err = Threads(context.Background(), ThreadsOptions{Threads: []int{2}, MoveTimes: []time.Duration{5 * time.Millisecond}, HashMB: 1}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].MoveTime != 5*time.Millisecond || rows[0].Wall < time.Duration(rows[0].Searches)*time.Millisecond {
		t.Errorf("rows %+v", rows)
	}
}
