// The solver's search allocates nothing a node.

package solve

import (
	"context"
	"testing"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/eval/nn"
	"github.com/kiothi/kiothi/position"
)

// TestSolveAllocsPerNode: a solve stopped after many nodes allocates
// about as much as one stopped after few (a solve's and a test's own
// allocations, and a slice for each new ply), not more a node; with
// the database's leaves, the table's prefetch and probes, and the order
// by the network.
func TestSolveAllocsPerNode(t *testing.T) {
	p, err := position.Parse(BenchPositions[3].FEN) // 25 warriors
	if err != nil {
		t.Fatal(err)
	}
	db, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	ev, err := nn.Evaluator()
	if err != nil {
		t.Fatal(err)
	}
	st, err := NewSearchTable(8)
	if err != nil {
		t.Fatal(err)
	}
	allocs := func(nodes uint64) (float64, uint64) {
		var searched uint64
		a := testing.AllocsPerRun(2, func() {
			st.T.Clear()
			res, err := Solve(context.Background(), p, Options{Table: st, DB: db, Order: ev, MaxNodes: nodes})
			if err != nil {
				t.Fatal(err)
			}
			searched = res.Nodes
		})
		return a, searched
	}
	few, n1 := allocs(2000)
	many, n2 := allocs(200000)
	t.Logf("%.0f allocations in %d nodes, %.0f in %d", few, n1, many, n2)
	if n2 < 20*n1 {
		t.Fatalf("the long solve searched %d nodes, the short one %d: not the sizes the test needs", n2, n1)
	}
	if many-few > 100 {
		t.Errorf("%.0f allocations in %d nodes against %.0f in %d: the search allocates as it goes", many, n2, few, n1)
	}
}
