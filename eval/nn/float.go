// The network in float64, as the trainer fits it, and its quantisation
// into Params.

package nn

import (
	"errors"
	"math"
)

// Float is the network in float64: a hidden unit's 1 is 1, and W2 and B2
// are in warriors (Params' are in centi-warriors).
type Float struct {
	W1 [NumInputs][Hidden]float64
	B1 [Hidden]float64
	W2 [Hidden]float64
	B2 float64
}

// Forward returns the network's value of the board in warriors given the
// active inputs, leaving each hidden unit's value in h.
func (f *Float) Forward(in *[NumActive]uint16, h *[Hidden]float64) float64 {
	*h = f.B1
	for _, i := range in {
		for j, w := range &f.W1[i] {
			h[j] += w
		}
	}
	out := f.B2
	for j := range h {
		h[j] = max(0, min(h[j], 1))
		out += f.W2[j] * h[j]
	}
	return out
}

// Quantise returns f's integers with the finest scales Check accepts: the
// largest ShiftA (at most MaxShiftA) keeping every hidden sum in int16, and
// the largest ShiftB keeping W2 in int16 and the output sum in int32.
func (f *Float) Quantise(provenance string) (*Params, error) {
	for a := MaxShiftA; a >= 1; a-- {
		for b := MaxShiftB; b >= 0; b-- {
			q := f.quantise(uint8(a), uint8(b), provenance)
			if q != nil && q.Check() == nil {
				return q, nil
			}
		}
	}
	return nil, errors.New("network weights too large to quantise into int16")
}

// quantise rounds f at scales 2^a and 2^b; nil where a value leaves its
// integer type.
func (f *Float) quantise(a, b uint8, provenance string) *Params {
	q := &Params{ShiftA: a, ShiftB: b, Provenance: provenance}
	sa, sb := math.Ldexp(1, int(a)), math.Ldexp(1, int(b))
	ok := true
	r16 := func(x float64) int16 {
		v := math.Round(x)
		if !(v >= math.MinInt16 && v <= math.MaxInt16) {
			ok = false
			return 0
		}
		return int16(v)
	}
	for i := range f.W1 {
		for j, w := range f.W1[i] {
			q.W1[i][j] = r16(w * sa)
		}
	}
	for j := 0; j < Hidden; j++ {
		q.B1[j] = r16(f.B1[j] * sa)
		q.W2[j] = r16(100 * f.W2[j] * sb)
	}
	b2 := math.Round(100 * f.B2 * sa * sb)
	if !(b2 >= math.MinInt32 && b2 <= math.MaxInt32) {
		return nil
	}
	q.B2 = int32(b2)
	if !ok {
		return nil
	}
	return q
}

// QuantisationBound is the most, in centi-warriors, by which q's integer
// value of any position can differ from f's (f quantised into q; the
// prison term is exact and the clamp to ±eval.Max only narrows):
// rounding moves each of B1_j and the NumActive W1 terms of a hidden sum
// by at most 2^-(ShiftA+1), so h_j by at most e = (NumActive+1) *
// 2^-(ShiftA+1) (the clamp does not widen a difference); W2_j h_j moves
// by at most |W2_j| e + 2^-(ShiftB+1) (h_j <= 1), B2 by 2^-(ShiftA+ShiftB+1),
// and the final rounding to a centi-warrior adds 1/2.
func (f *Float) QuantisationBound(q *Params) float64 {
	e := float64(NumActive+1) * math.Ldexp(1, -int(q.ShiftA)-1)
	bound := math.Ldexp(1, -int(q.ShiftA+q.ShiftB)-1) + 0.5
	for j := 0; j < Hidden; j++ {
		bound += 100*math.Abs(f.W2[j])*e + math.Ldexp(1, -int(q.ShiftB)-1)
	}
	return bound
}
