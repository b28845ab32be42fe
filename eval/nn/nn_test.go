// Tests of the network: inputs against their plain definition, integer
// inference against a plain float64 reference, quantisation within its
// derived bound, no allocation.

package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func randomPosition(rng *rand.Rand) position.Position {
	return testgame.RandomPlay(rng, rng.IntN(61), position.MaxTotal)
}

// plainBucket is the bucket of a count by the definition in inputs.go.
func plainBucket(c int) int {
	switch {
	case c <= 11:
		return c
	case c <= 14:
		return 12
	case c <= 19:
		return 13
	case c <= 29:
		return 14
	}
	return 15
}

// plainInputs is the inputs' definition, pit by pit with position's plain
// accessors and eval's plain Threat.
func plainInputs(p *position.Position) (in [NumActive]int) {
	us := p.Side()
	for rel := 0; rel < position.NumPits; rel++ {
		i := (rel + position.RowPits*int(us)) % position.NumPits // rel seen from us
		nki := 0
		if p.Nki(i) {
			nki = 1
		}
		in[rel] = rel*2*NumBuckets + nki*NumBuckets + plainBucket(p.Count(i))
	}
	base := position.NumPits * 2 * NumBuckets
	in[20] = base + plainBucket(eval.Threat(p, us))
	in[21] = base + NumBuckets + plainBucket(eval.Threat(p, us.Other()))
	in[22] = base + 2*NumBuckets + min(p.BoardTotal()/4, NumBuckets-1)
	return in
}

// reference is the network's value by its definition in float64, from
// the integers scaled back: every value is an integer over a power of two
// with under 53 significant bits (Check keeps the sums within int32), so
// nothing here rounds but the last step, and Net must agree exactly.
func reference(q *Params, p *position.Position) int {
	a, b := math.Ldexp(1, int(q.ShiftA)), math.Ldexp(1, int(q.ShiftB))
	out := float64(q.B2) / (a * b)
	for j := 0; j < Hidden; j++ {
		h := float64(q.B1[j]) / a
		for _, i := range plainInputs(p) {
			h += float64(q.W1[i][j]) / a
		}
		out += max(0, min(h, 1)) * float64(q.W2[j]) / b
	}
	us := p.Side()
	v := 100*float64(p.Prison(us)-p.Prison(us.Other())) + math.Floor(out+0.5)
	return int(max(-eval.Max, min(eval.Max, v)))
}

// randomParams draws integers up to Check's bounds: hidden sums up to
// near int16's edge, so a lane that spilled into its neighbour would show.
func randomParams(rng *rand.Rand) *Params {
	q := &Params{ShiftA: uint8(1 + rng.IntN(MaxShiftA)), ShiftB: uint8(rng.IntN(MaxShiftB + 1)), Provenance: "random"}
	per := math.MaxInt16 / (NumActive + 1)
	for i := range q.W1 {
		for j := range q.W1[i] {
			q.W1[i][j] = int16(rng.IntN(2*per+1) - per)
		}
	}
	for j := 0; j < Hidden; j++ {
		q.B1[j] = int16(rng.IntN(2*per+1) - per)
		q.W2[j] = int16(rng.IntN(1<<16) - 1<<15)
	}
	room := math.MaxInt32 - Hidden*(1<<15)<<q.ShiftA
	if room > 0 {
		q.B2 = int32(rng.IntN(2*room+1) - room)
	}
	if err := q.Check(); err != nil {
		// Too large a ShiftA for full W2: keep the W2 signs, shrink them.
		for j := range q.W2 {
			q.W2[j] >>= q.ShiftA
		}
		q.B2 = 0
	}
	return q
}

func TestInputsMatchDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 20000; n++ {
		p := randomPosition(rng)
		var in [NumActive]uint16
		Inputs(&p, p.Occupied(), &in)
		want := plainInputs(&p)
		for k := range in {
			if int(in[k]) != want[k] {
				t.Fatalf("%v: input %d is %d, want %d", &p, k, in[k], want[k])
			}
			if group(int(in[k])) != k {
				t.Fatalf("%v: input %d (%d) is in group %d", &p, k, in[k], group(int(in[k])))
			}
		}
	}
}

func TestNetMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	def, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 21; k++ {
		q := def.Params() // the embedded network first, then random ones
		if k > 0 {
			q = randomParams(rng)
		}
		if err := q.Check(); err != nil {
			t.Fatal(err)
		}
		n, err := New(q)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 500; i++ {
			p := randomPosition(rng)
			if got, want := n.Evaluate(&p), reference(q, &p); got != want {
				t.Fatalf("network %d (shifts %d, %d), %v: %d, reference %d", k, q.ShiftA, q.ShiftB, &p, got, want)
			}
		}
	}
}

// plainHidden is sum over j of W2_j h_j by the definition, unit by unit
// in int64.
func plainHidden(q *Params, in *[NumActive]uint16) int64 {
	out := int64(0)
	for j := 0; j < Hidden; j++ {
		h := int64(q.B1[j])
		for _, i := range in {
			h += int64(q.W1[i][j])
		}
		out += max(0, min(h, int64(1)<<q.ShiftA)) * int64(q.W2[j])
	}
	return out
}

// hiddenForm is one implementation of Net.hidden's contract.
type hiddenForm struct {
	name string
	f    func(n *Net, in *[NumActive]uint16) int64
}

// TestHiddenMatchesPlain: the hidden layer (the form this CPU runs), its
// Go form and every assembly form this CPU can run (archHiddenForms)
// against the definition, on random networks near the int16 and int32
// bounds and random inputs, one of each group (the first and last of a
// group included).
func TestHiddenMatchesPlain(t *testing.T) {
	forms := append([]hiddenForm{{"hidden", (*Net).hidden}, {"hiddenGo", (*Net).hiddenGo}}, archHiddenForms()...)
	for _, f := range forms {
		t.Logf("testing %s", f.name)
	}
	rng := rand.New(rand.NewPCG(13, 14))
	for k := 0; k < 50; k++ {
		q := randomParams(rng)
		n, err := New(q)
		if err != nil {
			t.Fatal(err)
		}
		for r := 0; r < 2000; r++ {
			var in [NumActive]uint16
			for g := range in {
				lo, size := g*pitInputs, pitInputs
				if g >= position.NumPits {
					lo, size = inThreatUs+(g-position.NumPits)*NumBuckets, NumBuckets
				}
				switch r % 3 {
				case 0:
					in[g] = uint16(lo + rng.IntN(size))
				case 1:
					in[g] = uint16(lo)
				default:
					in[g] = uint16(lo + size - 1)
				}
				if group(int(in[g])) != g {
					t.Fatalf("input %d is not in group %d", in[g], g)
				}
			}
			want := plainHidden(q, &in)
			for _, f := range forms {
				if got := f.f(n, &in); got != want {
					t.Fatalf("network %d, inputs %v: %s %d, want %d", k, in, f.name, got, want)
				}
			}
		}
	}
}

// TestNetMatchesReferenceInGames: along random games from the standard
// starts (scattered redistributions, then random legal moves), every
// position's inputs are their definition (the threats eval's plain
// Threat) and the embedded network's value and a random one's are the
// reference's.
func TestNetMatchesReferenceInGames(t *testing.T) {
	def, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	rnd, err := New(randomParams(rand.New(rand.NewPCG(15, 16))))
	if err != nil {
		t.Fatal(err)
	}
	positions := 0
	for seed := uint64(1); seed <= 200; seed++ {
		rng, game := movegen.SeededGame(seed, 17, movegen.Rules{})
		_, _, err := movegen.PlayOut(game, 300, movegen.ScatterOpenings(rng, func(g *movegen.Game, _ int) (position.GameMove, error) {
			p := g.Current()
			var list movegen.MoveList
			n := movegen.Generate(&p, movegen.Rules{}, &list)
			if n == 0 {
				return position.GameMove{}, fmt.Errorf("%v: no move in a game not over", &p)
			}
			var in [NumActive]uint16
			Inputs(&p, p.Occupied(), &in)
			if want := plainInputs(&p); !slices.Equal(toInts(in[:]), want[:]) {
				t.Fatalf("%v: inputs %v, want %v", &p, in, want)
			}
			for _, net := range []*Net{def, rnd} {
				if got, want := net.Evaluate(&p), reference(net.Params(), &p); got != want {
					t.Fatalf("%v: %d, reference %d", &p, got, want)
				}
			}
			positions++
			return position.PlayMove(list[rng.IntN(n)]), nil
		}))
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d positions", positions)
}

func toInts(v []uint16) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}

// randomFloat draws a float network of the size training gives.
func randomFloat(rng *rand.Rand) *Float {
	f := &Float{B2: rng.NormFloat64()}
	for i := range f.W1 {
		for j := range f.W1[i] {
			f.W1[i][j] = 0.3 * rng.NormFloat64()
		}
	}
	for j := 0; j < Hidden; j++ {
		f.B1[j] = rng.Float64()
		f.W2[j] = 5 * rng.NormFloat64()
	}
	return f
}

func TestQuantisationWithinBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for k := 0; k < 10; k++ {
		f := randomFloat(rng)
		q, err := f.Quantise("test")
		if err != nil {
			t.Fatal(err)
		}
		n, err := New(q)
		if err != nil {
			t.Fatal(err)
		}
		bound := f.QuantisationBound(q)
		worst := 0.0
		for i := 0; i < 2000; i++ {
			p := randomPosition(rng)
			var in [NumActive]uint16
			Inputs(&p, p.Occupied(), &in)
			var h [Hidden]float64
			us := p.Side()
			want := 100*float64(p.Prison(us)-p.Prison(us.Other())) + 100*f.Forward(&in, &h)
			if math.Abs(want) > eval.Max {
				continue // the clamp
			}
			d := math.Abs(float64(n.Evaluate(&p)) - want)
			worst = max(worst, d)
			if d > bound {
				t.Fatalf("network %d, %v: integer %d, float %.3f: off by %.3f, bound %.3f", k, &p, n.Evaluate(&p), want, d, bound)
			}
		}
		t.Logf("network %d: shifts %d, %d: worst %.3f, bound %.3f centi-warriors", k, q.ShiftA, q.ShiftB, worst, bound)
	}
}

func TestQuantiseRefusesHugeWeights(t *testing.T) {
	f := &Float{}
	f.W1[0][0] = 1e9
	if _, err := f.Quantise(""); err == nil {
		t.Fatal("a weight of 1e9 quantised")
	}
}

func TestEvaluateDoesNotAllocate(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	n, err := New(randomParams(rng))
	if err != nil {
		t.Fatal(err)
	}
	p := randomPosition(rng)
	ev := eval.FromModel(n)
	if a := testing.AllocsPerRun(100, func() { n.EvaluateOccupied(&p, p.Occupied()); ev.Evaluate(&p) }); a != 0 {
		t.Fatalf("%v allocations an evaluation", a)
	}
}

func TestModelEvaluatorIsTheNet(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	n, err := New(randomParams(rng))
	if err != nil {
		t.Fatal(err)
	}
	ev := eval.FromModel(n)
	for i := 0; i < 1000; i++ {
		p := randomPosition(rng)
		if a, b := ev.Evaluate(&p), n.Evaluate(&p); a != b {
			t.Fatalf("%v: evaluator %d, net %d", &p, a, b)
		}
	}
}

// BenchmarkNet and BenchmarkLinear evaluate the same random positions with
// the embedded network and the linear model.
func BenchmarkNet(b *testing.B) {
	rng := rand.New(rand.NewPCG(11, 12))
	n, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	ps := make([]position.Position, 256)
	for i := range ps {
		ps[i] = randomPosition(rng)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := &ps[i&255]
		n.EvaluateOccupied(p, p.Occupied())
	}
}

func BenchmarkLinear(b *testing.B) {
	rng := rand.New(rand.NewPCG(11, 12))
	ps := make([]position.Position, 256)
	for i := range ps {
		ps[i] = randomPosition(rng)
	}
	ev := eval.Std()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := &ps[i&255]
		ev.EvaluateOccupied(p, p.Occupied())
	}
}

// BenchmarkInputs extracts the inputs of BenchmarkNet's positions.
func BenchmarkInputs(b *testing.B) {
	rng := rand.New(rand.NewPCG(11, 12))
	ps := make([]position.Position, 256)
	for i := range ps {
		ps[i] = randomPosition(rng)
	}
	var in [NumActive]uint16
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := &ps[i&255]
		Inputs(p, p.Occupied(), &in)
	}
}
