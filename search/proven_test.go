// Tests that a proven score the search reports is the proven value, also
// when the search stops inside an iteration.
package search_test

import (
	"context"
	"testing"

	"github.com/kiothi/kiothi/accuracy"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/search"
)

// TestProvenScoresAreExact searches the accuracy set's positions (every
// move's value proven by package solve) with node limits that stop the
// search at many points of its iterations: wherever the result says
// proven, its value must be the position's and its move one that keeps it.
// A score from an iteration cut short (an aspiration bound) is a bound,
// not a value, and must not be reported as proven.
func TestProvenScoresAreExact(t *testing.T) {
	items, err := accuracy.ReadFile("../testdata/accuracy-20-26.txt", movegen.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	limits := []uint64{3000, 7000, 15000, 30000, 60000}
	if testing.Short() {
		items, limits = items[:20], limits[:3]
	}
	e, err := search.NewEngine(search.Options{HashMB: 16})
	if err != nil {
		t.Fatal(err)
	}
	proven := 0
	for i := range items {
		it := &items[i]
		for _, n := range limits {
			e.NewGame()
			res := e.Search(context.Background(), it.Pos, nil, search.Limits{Nodes: n}, nil)
			if !res.Proven {
				continue
			}
			proven++
			if res.Score != 100*it.Best() {
				t.Errorf("%s at %d nodes: proven %d, the position is worth %d", it.Format(), n, res.Score, 100*it.Best())
			}
			if v, ok := it.Value(res.Best.Play); !ok || v != it.Best() {
				t.Errorf("%s at %d nodes: proven %d with %v, worth %d", it.Format(), n, res.Score, res.Best, v)
			}
		}
	}
	t.Logf("%d proven results checked", proven)
}
