// Every move's value (solve.SolveMoves) on the 20-26 warrior accuracy
// set: the values proven when the set was made.

package solve_test

import (
	"context"
	"testing"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/solve"
)

// TestSolveMovesAccuracySet: the first positions of the 20-26 warrior
// accuracy set, whose every move's value was proven when the set was
// made (no game history), get those values.
func TestSolveMovesAccuracySet(t *testing.T) {
	items := setItems(t)
	db, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	n := 4
	if testing.Short() {
		n = 2
	}
	for _, it := range items[:n] {
		res, err := solve.SolveMoves(context.Background(), it.Pos, solve.Options{DB: db})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Moves) != len(it.Moves) || !res.Exact || res.Value != it.Best() {
			t.Fatalf("%s: %d moves, root %+v; the set: %d moves, best %d", it.Pos, len(res.Moves), res.Result, len(it.Moves), it.Best())
		}
		got := map[string]int{}
		for _, mv := range res.Moves {
			got[mv.Move.String()] = mv.Value
		}
		for i, m := range it.Moves {
			if v, ok := got[m.String()]; !ok || v != it.Values[i] {
				t.Errorf("%s: move %s = %d (listed %v), the set says %d", it.Pos, m, v, ok, it.Values[i])
			}
		}
	}
}
