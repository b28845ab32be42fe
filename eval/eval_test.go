// Tests of the evaluation: features against brute force, symmetry,
// bounds, no allocation.
package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func randomPosition(rng *rand.Rand) position.Position {
	for {
		var counts [position.NumPits]int
		n := rng.IntN(61)
		for k := 0; k < n; k++ {
			counts[rng.IntN(position.NumPits)]++
		}
		var nki uint32
		for i, c := range counts {
			if c > 0 && rng.IntN(3) == 0 {
				nki |= 1 << uint(i)
			}
		}
		a := rng.IntN(position.MaxTotal - n + 1)
		p, err := position.New(counts, nki, [2]int{a, rng.IntN(position.MaxTotal - n - a + 1)}, position.Side(rng.IntN(2)), 3+rng.IntN(40))
		if err == nil {
			return p
		}
	}
}

// bruteThreat tries every lift of n from pit j landing on j+n in the row.
func bruteThreat(p *position.Position, s position.Side) int {
	first := position.Leftmost(s)
	best := 0
	for j := first; j < first+position.RowPits; j++ {
		for n := 1; n <= p.Count(j) && j+n < first+position.RowPits; n++ {
			i := j + n
			if p.Count(i) != 0 {
				continue
			}
			if f := position.Facing(i); !p.Nki(f) {
				best = max(best, p.Count(f))
			}
		}
	}
	return best
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

func TestFeatures(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	WeightExposed = 1 // compute every feature
	defer func() { WeightExposed = 0 }()
	for i := 0; i < 20000; i++ {
		p := randomPosition(rng)
		f := Compute(&p)
		us, them := p.Side(), p.Side().Other()
		if f.ThreatUs != bruteThreat(&p, us) || f.ThreatThem != bruteThreat(&p, them) {
			t.Fatalf("%s: threats %d %d, brute force %d %d", p, f.ThreatUs, f.ThreatThem, bruteThreat(&p, us), bruteThreat(&p, them))
		}
		if f.Prison != p.Prison(us)-p.Prison(them) || f.Row != p.RowTotal(us)-p.RowTotal(them) {
			t.Fatalf("%s: %+v", p, f)
		}
		nk := 0
		for j := 0; j < position.NumPits; j++ {
			if p.Nki(j) {
				if position.Owner(j) == us {
					nk += p.Count(j)
				} else {
					nk -= p.Count(j)
				}
			}
		}
		if f.Nki != nk {
			t.Fatalf("%s: nki %d want %d", p, f.Nki, nk)
		}
		m := mirror(&p)
		if Evaluate(&m) != Evaluate(&p) || Compute(&m) != f {
			t.Fatalf("%s: mirror %s evaluates differently", p, m)
		}
		if v := Evaluate(&p); v > Max || v < -Max {
			t.Fatalf("%s: %d out of bounds", p, v)
		}
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
