// Tests of the periodic progress reports of a long solve.

package solve

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kiothi/kiothi/position"
)

// TestProgressEvery: with ProgressEvery set, a solve that works for a
// while reports its nodes as they grow, between narrowings too. The
// position (35 warriors on the board) takes minutes to solve on any
// machine, and the solve is stopped after five reports of growth, so the
// test waits for the reports, not for a fixed time: a fast machine makes
// it shorter, never a skip.
func TestProgressEvery(t *testing.T) {
	p, err := position.Parse("0.6.4.0.1.3.1.0.0.2/4.1.0.1.2.3.0.2.4.1 13-12 s 11")
	if err != nil {
		t.Fatal(err)
	}
	const want = 5
	var calls, grew atomic.Int32
	var last atomic.Uint64
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := Solve(ctx, p, Options{HashMB: 1, ProgressEvery: 10 * time.Millisecond, Progress: func(pr Progress) {
		calls.Add(1)
		if pr.Nodes > last.Load() {
			if grew.Add(1) == want {
				cancel()
			}
		}
		last.Store(pr.Nodes)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Exact {
		t.Fatalf("a 35-warrior position solved before %d progress reports: value %d", want, res.Value)
	}
	if grew.Load() < want {
		t.Errorf("%d reports, %d with more nodes, in 60 s at one each 10 ms", calls.Load(), grew.Load())
	}
}
