// The evaluation as the search computes it: Weights compiled into per-pit
// tables, summed over the packed rows.

package eval

import (
	"math/bits"

	"github.com/kiothi/kiothi/position"
)

// Max bounds the absolute value of Evaluate.
const Max = 100 * position.MaxTotal

const rowBits = 1<<position.RowPits - 1

// Evaluator is a compiled Weights value. Its methods do not allocate and
// are safe for concurrent use.
type Evaluator struct {
	// pit[rel][nki<<6|count] is the pit's value, the Full phase's in the
	// low 32 bits and the Empty phase's in the high 32 (a packed pair, so
	// one add sums both).
	pit                  [position.NumPits][128]int64
	threatUs, threatThem int64 // packed pairs
	tempo                int64
	// model, when set, evaluates in place of the tables (FromModel).
	model Model
}

func pack(full, empty int) int64 { return int64(full) + int64(empty)<<32 }

// unpack splits a sum of packed pairs.
func unpack(s int64) (full, empty int64) {
	full = int64(int32(s))
	return full, (s - full) >> 32
}

// New compiles w (which must pass Check).
func New(w Weights) *Evaluator {
	e := &Evaluator{}
	for rel := 0; rel < position.NumPits; rel++ {
		for n := 0; n < 2; n++ {
			for c := 1; c < 64; c++ {
				b := bucketOf[c]
				e.pit[rel][n<<6|c] = pack(w.Pit[Full][rel][n][b]*c, w.Pit[Empty][rel][n][b]*c)
			}
		}
	}
	e.threatUs = pack(w.ThreatUs[Full], w.ThreatUs[Empty])
	e.threatThem = pack(w.ThreatThem[Full], w.ThreatThem[Empty])
	e.tempo = pack(w.Tempo[Full], w.Tempo[Empty])
	return e
}

var std = New(Default)

// Std returns the compiled Default weights (shared; read only).
func Std() *Evaluator { return std }

// Evaluate returns the score of p with the Default weights, in
// centi-warriors, side to move's view.
func Evaluate(p *position.Position) int { return std.EvaluateOccupied(p, p.Occupied()) }

// EvaluateOccupied is Evaluate for a caller that already has p.Occupied()
// (the search's quiescence needs it for its own tests too).
func EvaluateOccupied(p *position.Position, occ uint32) int { return std.EvaluateOccupied(p, occ) }

// Evaluate returns the score of p under e's weights.
func (e *Evaluator) Evaluate(p *position.Position) int { return e.EvaluateOccupied(p, p.Occupied()) }

// EvaluateOccupied is Evaluate given p.Occupied().
func (e *Evaluator) EvaluateOccupied(p *position.Position, occ uint32) int {
	if e.model != nil {
		return e.model.EvaluateOccupied(p, occ)
	}
	us := p.Side()
	them := us.Other()
	rowUs, rowThem := p.Row(us), p.Row(them)
	nki := p.NkiMask()
	acc := e.tempo
	r, m := rowUs, nki>>(position.RowPits*uint(us))
	for i := 0; i < position.RowPits; i++ {
		acc += e.pit[i][(m&1)<<6|uint32(r&63)]
		r >>= 6
		m >>= 1
	}
	r, m = rowThem, nki>>(position.RowPits*uint(them))
	for i := 0; i < position.RowPits; i++ {
		acc += e.pit[position.RowPits+i][(m&1)<<6|uint32(r&63)]
		r >>= 6
		m >>= 1
	}
	tu, tt := Threats(p, occ)
	acc += e.threatUs*int64(tu) + e.threatThem*int64(tt)
	ph := int64(min(rowSum(rowUs)+rowSum(rowThem), PhaseMax))
	full, empty := unpack(acc)
	s := 100*(p.Prison(us)-p.Prison(them)) + int((full*ph+empty*(PhaseMax-ph))/PhaseMax)
	return max(-Max, min(Max, s))
}

// reverse10[m] is the 10-bit mask m mirrored (bit i to bit 9-i): pit i of
// one row faces pit 9-i of the other in row-local indices.
var reverse10 = func() (t [1 << position.RowPits]uint32) {
	for m := range t {
		for i := 0; i < position.RowPits; i++ {
			if m>>uint(i)&1 != 0 {
				t[m] |= 1 << uint(position.RowPits-1-i)
			}
		}
	}
	return t
}()

// rowSum adds the ten 6-bit fields of a row (as position's RowTotal).
func rowSum(r uint64) int {
	pairs := (r & 0x03F03F03F03F03F) + (r >> 6 & 0x03F03F03F03F03F)
	return int((pairs * 0x001001001001001) >> 48 & 0xFFF)
}

// threatFast is Threat given targets, the own empty pits facing loaded,
// unmarked enemy pits: a target is hit when an own pit j to its left has
// j + count(j) reaching it.
func threatFast(own, enemy uint64, targets uint32) int {
	// Table loads written out: no branch on the counts to mispredict, no
	// chain of shifts (pit 9 reaches nothing in its row).
	reach := reachOf[0][own&63] | reachOf[1][own>>6&63] | reachOf[2][own>>12&63] |
		reachOf[3][own>>18&63] | reachOf[4][own>>24&63] | reachOf[5][own>>30&63] |
		reachOf[6][own>>36&63] | reachOf[7][own>>42&63] | reachOf[8][own>>48&63]
	best := 0
	for cand := uint32(reach) & targets; cand != 0; cand &= cand - 1 {
		f := position.RowPits - 1 - bits.TrailingZeros32(cand)
		best = max(best, int(enemy>>(6*uint(f)))&63)
	}
	return best
}

// reachOf[j][c] is the row pits a lift from pit j holding c can land on:
// j+1..min(j+c, 9).
var reachOf = func() (t [position.RowPits][64]uint16) {
	for j := range t {
		for c := range t[j] {
			for i := j + 1; i <= min(j+c, position.RowPits-1); i++ {
				t[j][c] |= 1 << uint(i)
			}
		}
	}
	return t
}()
