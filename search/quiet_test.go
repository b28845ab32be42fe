// Tests of quietMoveExists and of quiescence's capture list against plain
// scans.

package search

import (
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// TestQuietMoveExists compares quietMoveExists with a pit-by-pit scan: a
// lift of k < 20 from an own pit whose first lap ends in an empty pit.
func TestQuietMoveExists(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	ps := suitePositions(t)
	for i := 0; i < 20000; i++ {
		ps = append(ps, testgame.RandomPlay(rng, rng.IntN(rng.IntN(64)+1), 30))
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

// TestCapturesOnlyQuiet checks that quiescence's generation lists exactly
// the quiet (single-lap) captures of the full generation, in its order,
// with the same gains, wherever a quiet move exists.
func TestCapturesOnlyQuiet(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	ps := suitePositions(t)
	for i := 0; i < 5000; i++ {
		ps = append(ps, testgame.RandomPlay(rng, rng.IntN(20+rng.IntN(44)+1), 30))
	}
	for _, r := range []movegen.Rules{{}, {FreeFirstLap: true}} {
		w := newTestWorker(r)
		f := &w.stack[0]
		for _, p := range ps {
			if p.Phase() != position.Play || !quietMoveExists(&p) {
				continue
			}
			var want []position.Move
			var gains []int8
			n, _ := w.generate(f, &p, false)
			for j := 0; j < n; j++ {
				if !f.made[j] && f.gain[j] > 0 {
					want = append(want, f.moves[j])
					gains = append(gains, f.gain[j])
				}
			}
			n, has := w.generate(f, &p, true)
			if !has || n != len(want) {
				t.Fatalf("%s: %d captures (hasMove %v), want %v", p, n, has, want)
			}
			for j := range want {
				if f.moves[j] != want[j] || f.gain[j] != gains[j] {
					t.Fatalf("%s: capture %d is %s gain %d, want %s gain %d", p, j, f.moves[j], f.gain[j], want[j], gains[j])
				}
			}
		}
	}
}
