// A benchmark of the search's root solves: every position of the 20-26
// warrior accuracy set solved as the engine does at the root (one thread,
// margin, a fresh 16 MB MemTable), its value checked against the set's.

package solve_test

import (
	"context"
	"os"
	"testing"

	"github.com/kiothi/kiothi/accuracy"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/solve"
)

// setItems reads the accuracy set the benchmark solves.
func setItems(tb testing.TB) []accuracy.Item {
	f, err := os.Open("../testdata/accuracy-20-26.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	items, err := accuracy.Parse(f, movegen.Rules{})
	if err != nil {
		tb.Fatal(err)
	}
	return items
}

// BenchmarkSolveSet solves the set's roots; it reports the nodes of one
// pass over the set and fails on a value that differs from the set's.
func BenchmarkSolveSet(b *testing.B) {
	items := setItems(b)
	var nodes uint64
	for b.Loop() {
		nodes = 0
		for i, it := range items {
			res, err := solve.Solve(context.Background(), it.Pos, solve.Options{Table: solve.NewMemTable(limits.SolvedMB)})
			if err != nil || !res.Exact || res.Value != it.Best() {
				b.Fatalf("position %d: %v, %+v, want value %d", i+1, err, res, it.Best())
			}
			nodes += res.Nodes
		}
	}
	b.ReportMetric(float64(nodes), "nodes")
}
