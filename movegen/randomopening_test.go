// Tests of random redistributions: uniform compositions and pairs
// weighted by their drop vectors.

package movegen

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func TestRandomCompositionUniform(t *testing.T) {
	// 3 warriors into 3 pits: C(5,2) = 10 compositions, each 1/10.
	rng := rand.New(rand.NewPCG(1, 2))
	const draws = 50000
	freq := map[[3]int]int{}
	for i := 0; i < draws; i++ {
		d := RandomComposition(3, 3, rng)
		if d[0]+d[1]+d[2] != 3 || d[3] != 0 {
			t.Fatalf("bad composition %v", d)
		}
		freq[[3]int{d[0], d[1], d[2]}]++
	}
	if len(freq) != 10 {
		t.Fatalf("%d distinct compositions, want 10", len(freq))
	}
	chi := 0.0
	for _, f := range freq {
		e := draws / 10.0
		chi += (float64(f) - e) * (float64(f) - e) / e
	}
	// 9 degrees of freedom: P(chi² > 27.9) = 0.001.
	if chi > 27.9 {
		t.Errorf("chi² = %.1f over %v", chi, freq)
	}
	for l := 0; l < 70; l += 7 {
		d := RandomComposition(l, position.NumPits, rng)
		s := 0
		for _, x := range d {
			s += x
		}
		if s != l {
			t.Errorf("composition of %d sums to %d", l, s)
		}
	}
}

func TestRandomOpeningPairs(t *testing.T) {
	// South holds 1 in a, 1 in b, 2 in c: pairs ab (L=2), ac and bc (L=3),
	// weighted C(21,19) = 210 and C(22,19) = 1540 each.
	var counts [position.NumPits]int
	counts[0], counts[1], counts[2], counts[15] = 1, 1, 2, 4
	p, err := position.New(counts, 0, [2]int{}, position.South, 1)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	const draws = 20000
	ab := 0
	for i := 0; i < draws; i++ {
		m, err := RandomOpening(&p, rng)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := MakeOpening(p, m.Opening); err != nil {
			t.Fatalf("%s illegal: %v", m, err)
		}
		if m.Opening.Pits == [2]uint8{0, 1} {
			ab++
		}
	}
	want := 210.0 / (210 + 2*1540)
	got := float64(ab) / draws
	sd := math.Sqrt(want * (1 - want) / draws)
	if math.Abs(got-want) > 4*sd {
		t.Errorf("pair ab drawn %.4f, want %.4f", got, want)
	}
}
