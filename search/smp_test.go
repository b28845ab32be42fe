//go:build harness

// A load-independent Lazy SMP measurement: the main thread's nodes to reach
// a depth with helpers, against alone. Not a test:
//
//	go test -tags harness ./search -run TestLazySMPMainNodes -v

package search

import (
	"context"
	"testing"
	"time"

	"github.com/kiothi/kiothi/position"
)

func TestLazySMPMainNodes(t *testing.T) {
	var ps []position.Position
	for _, s := range []string{
		"1.3.2.0.0.0.0.1.5.2/2.2.2.1.8.0.8*.1.1.0 10-11 s 19",
		"1.0.3.3.1.3.8*.1.3*.4/3.2.3.2.1.1.7*.1.7*.6 0-0 n 6",
		"0.2.0.4*.1.1.3.3*.8*.2/1.3*.2.2*.0.9*.9*.1.8*.1 0-0 n 6",
		"1.0.1.3*.1.2.5.4*.1.6/4.3.3.1.6*.1.3.3.4*.8* 0-0 s 13",
		"5.0.2.0.0.5.1.0.1.8/5.0.2.2.3.0.1.1.0.1 4-9 n 16",
		"0.8*.2.2.3.0.2.1.0.7*/5.5.2.0.0.5*.3.1.0.12* 2-0 n 12",
	} {
		p, err := position.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	for _, skip := range []bool{true, false} {
		t.Logf("helpers skip depths: %v", skip)
		for _, depth := range []int{12} {
			var base [8]uint64
			var wall [8]time.Duration
			for _, th := range []int{1, 2, 4} {
				var main, total uint64
				var el time.Duration
				for _, p := range ps {
					e, _ := NewEngine(Options{Threads: th, HashMB: 16})
					e.params.smpSkip = skip
					st := time.Now()
					res := e.Search(context.Background(), p, nil, Limits{Depth: depth}, nil)
					el += time.Since(st)
					main += e.workers[0].nodes
					total += res.Nodes
				}
				base[th], wall[th] = main, el
				t.Logf("depth %d threads %d: main-thread nodes %d (%.2f of 1 thread), all threads %d, wall %v (%.2f of 1 thread)",
					depth, th, main, float64(main)/float64(base[1]), total, el.Round(time.Millisecond), el.Seconds()/wall[1].Seconds())
			}
		}
	}
}
