// A benchmark of the search's root solves: every position of the 20-26
// warrior accuracy set solved as the engine does at the root (one thread,
// margin, a fresh 16 MB MemTable), its value checked against the set's.

package solve_test

import (
	"context"
	"slices"
	"testing"

	"github.com/kiothi/kiothi/accuracy"
	"github.com/kiothi/kiothi/eval/nn"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/solve"
)

// setItems reads the accuracy set the benchmark solves.
func setItems(tb testing.TB) []accuracy.Item {
	items, err := accuracy.ReadFile("../testdata/accuracy-20-26.txt", movegen.Rules{})
	if err != nil {
		tb.Fatal(err)
	}
	return items
}

// BenchmarkSolveSet solves the set's roots; it reports the nodes of one
// pass over the set (all positions, the median and the 90th percentile
// of a position) and fails on a value that differs from the set's.
func BenchmarkSolveSet(b *testing.B) { benchSet(b, false) }

// BenchmarkSolveSetGuess: the same with the search's first guess, the
// network evaluation (solve.EvalGuess).
func BenchmarkSolveSetGuess(b *testing.B) { benchSet(b, true) }

func benchSet(b *testing.B, guess bool) {
	items := setItems(b)
	ev, err := nn.Evaluator()
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	per := make([]uint64, len(items))
	for b.Loop() {
		nodes = 0
		for i, it := range items {
			o := solve.Options{Table: solve.NewMemTable(limits.SolvedMB)}
			if guess {
				g := solve.EvalGuess(ev, movegen.Margin, 0, &it.Pos)
				o.Guess = &g
			}
			res, err := solve.Solve(context.Background(), it.Pos, o)
			if err != nil || !res.Exact || res.Value != it.Best() {
				b.Fatalf("position %d: %v, %+v, want value %d", i+1, err, res, it.Best())
			}
			nodes += res.Nodes
			per[i] = res.Nodes
		}
	}
	b.ReportMetric(float64(nodes), "nodes")
	slices.Sort(per)
	b.ReportMetric(float64(per[len(per)/2]), "median-nodes")
	b.ReportMetric(float64(per[len(per)*9/10]), "p90-nodes")
}
