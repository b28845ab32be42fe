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
// while reports its nodes as they grow, between narrowings too.
func TestProgressEvery(t *testing.T) {
	p, err := position.Parse("0.1.5.3.2.0.3.1.0.1/2.0.1.2.0.1.4.0.1.3 13-17 s 15")
	if err != nil {
		t.Fatal(err)
	}
	var calls, grew atomic.Int32
	var last atomic.Uint64
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	res, err := Solve(ctx, p, Options{HashMB: 1, ProgressEvery: 10 * time.Millisecond, Progress: func(pr Progress) {
		calls.Add(1)
		if pr.Nodes > last.Load() {
			grew.Add(1)
		}
		last.Store(pr.Nodes)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Exact {
		t.Skip("solved within 300 ms: no time for periodic reports")
	}
	if grew.Load() < 5 {
		t.Errorf("%d reports, %d with more nodes, in 300 ms at one each 10 ms", calls.Load(), grew.Load())
	}
}
