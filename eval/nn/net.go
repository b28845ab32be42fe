// Integer inference: Params compiled into packed columns, evaluated
// without allocation.

package nn

import (
	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/position"
)

const words = Hidden / lanes

// hiddenGo's unrolled sums are written for eight words.
var _ = [1]struct{}{}[words-8]

// Net is a compiled network. Its methods do not allocate and are safe for
// concurrent use. It is an eval.Model.
type Net struct {
	// w1[i] is input i's column, four int16 units a word (unit 4k+l in
	// bits 16l..16l+15 of word k, two's complement: a sum of packed words
	// is the packed sums while each sum stays in int16).
	w1 [NumInputs][words]int64
	b1 [words]int64
	w2 [Hidden]int64
	// W1, B1 and W2 unit by unit, and a hidden unit's 1 in every lane:
	// what the assembly reads (hidden_amd64.s).
	w1h    [NumInputs][Hidden]int16
	b1h    [Hidden]int16
	w2h    [Hidden]int16
	oneV   [lanesSSE]int16
	b2     int64
	shiftA uint
	shift  uint // ShiftA + ShiftB
	params *Params
}

var _ eval.Model = (*Net)(nil)

// New compiles q, checking it.
func New(q *Params) (*Net, error) {
	if err := q.Check(); err != nil {
		return nil, err
	}
	n := &Net{shiftA: uint(q.ShiftA), shift: uint(q.ShiftA) + uint(q.ShiftB), b2: int64(q.B2), params: q}
	for i := 0; i < NumInputs; i++ {
		n.w1[i] = pack(&q.W1[i])
	}
	n.b1 = pack(&q.B1)
	for j := 0; j < Hidden; j++ {
		n.w2[j] = int64(q.W2[j])
	}
	n.w1h, n.b1h, n.w2h = q.W1, q.B1, q.W2
	for l := range n.oneV {
		n.oneV[l] = int16(1) << q.ShiftA
	}
	return n, nil
}

// Params returns the integers n was compiled from (read only).
func (n *Net) Params() *Params { return n.params }

func pack(v *[Hidden]int16) (w [words]int64) {
	for j, x := range v {
		w[j/lanes] += int64(x) << (16 * uint(j%lanes))
	}
	return w
}

// Evaluate returns p's score in centi-warriors, side to move's view.
func (n *Net) Evaluate(p *position.Position) int { return n.EvaluateOccupied(p, p.Occupied()) }

// EvaluateOccupied is Evaluate given p.Occupied().
func (n *Net) EvaluateOccupied(p *position.Position, occ uint32) int {
	var in [NumActive]uint16
	Inputs(p, occ, &in)
	out := n.b2 + n.hidden(&in)
	us := p.Side()
	v := 100*(p.Prison(us)-p.Prison(us.Other())) + int((out+int64(1)<<(n.shift-1))>>n.shift)
	return max(-eval.Max, min(eval.Max, v))
}

// hiddenGo returns sum over j of W2_j h_j for the active inputs in (the
// hidden layer and the output without B2), in Go: hidden does the same
// in assembly where there is some.
func (n *Net) hiddenGo(in *[NumActive]uint16) int64 {
	// Eight named sums (Hidden / lanes) stay in registers.
	a0, a1, a2, a3, a4, a5, a6, a7 := n.b1[0], n.b1[1], n.b1[2], n.b1[3], n.b1[4], n.b1[5], n.b1[6], n.b1[7]
	for _, i := range in {
		c := &n.w1[i]
		a0 += c[0]
		a1 += c[1]
		a2 += c[2]
		a3 += c[3]
		a4 += c[4]
		a5 += c[5]
		a6 += c[6]
		a7 += c[7]
	}
	one := int64(1) << n.shiftA
	return n.units(a0, one, 0) + n.units(a1, one, 4) + n.units(a2, one, 8) + n.units(a3, one, 12) +
		n.units(a4, one, 16) + n.units(a5, one, 20) + n.units(a6, one, 24) + n.units(a7, one, 28)
}

// units returns the output terms of the four hidden units packed in s,
// units j..j+3: each unpacked (the low lane first, its borrow taken out of
// the rest), clipped to 0..one and times its W2.
func (n *Net) units(s, one int64, j int) int64 {
	w := n.w2[j : j+lanes : j+lanes]
	h0 := int64(int16(s))
	s = (s - h0) >> 16
	h1 := int64(int16(s))
	s = (s - h1) >> 16
	h2 := int64(int16(s))
	h3 := (s - h2) >> 16
	return max(0, min(h0, one))*w[0] + max(0, min(h1, one))*w[1] + max(0, min(h2, one))*w[2] + max(0, min(h3, one))*w[3]
}
