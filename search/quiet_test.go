// Test of quietMoveExists against a plain scan of the first laps.
package search

import (
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/position"
)

// TestQuietMoveExists compares quietMoveExists with a pit-by-pit scan: a
// lift of k < 20 from an own pit whose first lap ends in an empty pit.
func TestQuietMoveExists(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	ps := suitePositions(t)
	for i := 0; i < 20000; i++ {
		ps = append(ps, randomPosition(rng, rng.IntN(64)))
	}
	for _, p := range ps {
		want := false
		first := position.Leftmost(p.Side())
		for pit := first; pit < first+position.RowPits; pit++ {
			for k := 1; k <= p.Count(pit) && k < position.NumPits; k++ {
				if p.Count((pit+k)%position.NumPits) == 0 {
					want = true
				}
			}
		}
		if got := quietMoveExists(&p); got != want {
			t.Fatalf("%s: quietMoveExists %v, want %v", p, got, want)
		}
	}
}
