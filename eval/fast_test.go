// Test that the fast evaluation equals the weighted features.
package eval

import (
	"math/rand/v2"
	"testing"
)

// TestFastMatchesFeatures compares evaluateFast with evaluateSlow on random
// positions, with the weights as set and with random ones (so no term can
// hide behind a zero or a lucky cancellation).
func TestFastMatchesFeatures(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	saved := [...]int{WeightPrison, WeightRow, WeightNki, WeightThreatUs, WeightThreatThem}
	defer func() {
		WeightPrison, WeightRow, WeightNki, WeightThreatUs, WeightThreatThem = saved[0], saved[1], saved[2], saved[3], saved[4]
	}()
	for i := 0; i < 40000; i++ {
		if i%2 == 1 {
			WeightPrison, WeightRow, WeightNki = rng.IntN(200), rng.IntN(100)-50, rng.IntN(100)-50
			WeightThreatUs, WeightThreatThem = rng.IntN(200)-100, rng.IntN(200)-100
		}
		p := randomPosition(rng)
		if got, want := evaluateFast(&p), evaluateSlow(&p); got != want {
			t.Fatalf("%s: fast %d, features %d", p, got, want)
		}
	}
}
