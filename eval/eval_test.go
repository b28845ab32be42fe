// Tests of the evaluation: tables against the plain features, threats
// against brute force, symmetry, bounds, no allocation.

package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/position"
)

func randomPosition(rng *rand.Rand) position.Position {
	return testgame.RandomPlay(rng, rng.IntN(61), position.MaxTotal)
}

// mirror swaps the rows and the side to move.
func mirror(p *position.Position) position.Position {
	var counts [position.NumPits]int
	var nki uint32
	for i := 0; i < position.NumPits; i++ {
		j := (i + position.RowPits) % position.NumPits
		counts[j] = p.Count(i)
		if p.Nki(i) {
			nki |= 1 << uint(j)
		}
	}
	q, err := position.New(counts, nki, [2]int{p.Prison(position.North), p.Prison(position.South)}, p.Side().Other(), p.Turn())
	if err != nil {
		panic(err)
	}
	return q
}

// randomWeights draws every weight, so no term can hide behind a zero or a
// lucky cancellation.
func randomWeights(rng *rand.Rand) Weights {
	v := make([]float64, NumFeatures)
	for i := range v {
		v[i] = float64(rng.IntN(401) - 200)
	}
	w, err := FromVector(v, "random")
	if err != nil {
		panic(err)
	}
	return w
}

// dot is the model's value by its definition: the prison term plus the
// weights times AppendFeatures.
func dot(w *Weights, p *position.Position) float64 {
	v := w.Vector()
	s := float64(100 * (p.Prison(p.Side()) - p.Prison(p.Side().Other())))
	for _, f := range AppendFeatures(nil, p) {
		s += f.Value * v[f.Index]
	}
	return s
}

// TestTablesMatchFeatures: the compiled evaluation equals the dot product
// of the weights and the plain features (to rounding), for the default
// weights and random ones.
func TestTablesMatchFeatures(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for k := 0; k < 40; k++ {
		w := Default
		if k > 0 {
			w = randomWeights(rng)
		}
		e := New(w)
		for i := 0; i < 1000; i++ {
			p := randomPosition(rng)
			got, want := e.Evaluate(&p), dot(&w, &p)
			want = max(-Max, min(Max, want))
			if d := float64(got) - want; d > 1 || d < -1 {
				t.Fatalf("weights %d, %s: tables %d, features %.2f", k, p, got, want)
			}
		}
	}
}

// TestThreat checks the plain threat against a capture found by playing
// every single-lap lift that lands in the row.
func TestThreat(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 20000; i++ {
		p := randomPosition(rng)
		for _, s := range []position.Side{position.South, position.North} {
			want := 0
			first := position.Leftmost(s)
			for j := first; j < first+position.RowPits; j++ {
				for land := j + 1; land < first+position.RowPits && land-j <= p.Count(j); land++ {
					f := position.Facing(land)
					if p.Count(land) == 0 && !p.Nki(f) && p.Count(f) > want {
						want = p.Count(f)
					}
				}
			}
			if got := Threat(&p, s); got != want {
				t.Fatalf("%s %s: threat %d, want %d", p, s, got, want)
			}
		}
	}
}

// TestSymmetry: the value depends on the side to move's view only, and
// stays within bounds.
func TestSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	e := New(randomWeights(rng))
	for i := 0; i < 20000; i++ {
		p := randomPosition(rng)
		m := mirror(&p)
		for _, ev := range []*Evaluator{std, e} {
			if ev.Evaluate(&m) != ev.Evaluate(&p) {
				t.Fatalf("%s: mirror %s evaluates differently", p, m)
			}
			if v := ev.Evaluate(&p); v > Max || v < -Max {
				t.Fatalf("%s: %d out of bounds", p, v)
			}
		}
	}
}

// TestVectorRoundTrip: Vector and FromVector are inverse, and Check
// refuses a weight out of range.
func TestVectorRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	w := randomWeights(rng)
	back, err := FromVector(w.Vector(), w.Provenance)
	if err != nil || back != w {
		t.Fatalf("round trip: %v, equal %v", err, back == w)
	}
	v := w.Vector()
	v[17] = maxWeight + 1
	if _, err := FromVector(v, ""); err == nil {
		t.Fatal("a weight out of range was accepted")
	}
	if _, err := FromVector(v[:5], ""); err == nil {
		t.Fatal("a short vector was accepted")
	}
}

// TestNoAlloc: evaluation is in the search's hot path.
func TestNoAlloc(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	p := randomPosition(rng)
	if n := testing.AllocsPerRun(100, func() { Evaluate(&p) }); n != 0 {
		t.Fatalf("Evaluate allocates %v times", n)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 5))
	ps := make([]position.Position, 1024)
	for i := range ps {
		ps[i] = randomPosition(rng)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Evaluate(&ps[i&1023])
		i++
	}
}
