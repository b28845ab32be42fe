// The fast evaluation used by the search: Evaluate's value computed on the
// packed rows with tables instead of per-pit loops.
package eval

import (
	"math/bits"

	"github.com/kiothi/kiothi/position"
)

// fieldMaskOf[m] has the six bits of field i set for each bit i of the
// 10-bit mask m, so a masked row sum counts the warriors of the marked pits
// in one multiply instead of a loop over the marks.
var fieldMaskOf [1 << position.RowPits]uint64

// reverse10[m] is the 10-bit mask m mirrored (bit i to bit 9-i): pit i of
// one row faces pit 9-i of the other in row-local indices.
var reverse10 [1 << position.RowPits]uint32

func init() {
	for m := range fieldMaskOf {
		for i := 0; i < position.RowPits; i++ {
			if m>>uint(i)&1 != 0 {
				fieldMaskOf[m] |= 63 << (6 * uint(i))
				reverse10[m] |= 1 << uint(position.RowPits-1-i)
			}
		}
	}
}

// rowSum adds the ten 6-bit fields of a row (as position's RowTotal).
func rowSum(r uint64) int {
	pairs := (r & 0x03F03F03F03F03F) + (r >> 6 & 0x03F03F03F03F03F)
	return int((pairs * 0x001001001001001) >> 48 & 0xFFF)
}

// evaluateFast is Evaluate without building Features. The threat of a side
// is looked for only where it can exist (an own empty pit facing a
// loaded, unmarked enemy pit), which most positions lack for at least
// one side.
func evaluateFast(p *position.Position) int { return EvaluateOccupied(p, p.Occupied()) }

// EvaluateOccupied is Evaluate for a caller that already has p.Occupied()
// (the search's quiescence needs it for its own tests too).
func EvaluateOccupied(p *position.Position, occ uint32) int {
	if WeightExposed != 0 {
		return evaluateSlow(p)
	}
	us := p.Side()
	them := us.Other()
	rowUs, rowThem := p.Row(us), p.Row(them)
	nki := p.NkiMask()
	shUs, shThem := position.RowPits*uint(us), position.RowPits*uint(them)
	occUs, occThem := occ>>shUs&rowBits, occ>>shThem&rowBits
	nkiUs, nkiThem := nki>>shUs&rowBits, nki>>shThem&rowBits
	s := WeightPrison*(p.Prison(us)-p.Prison(them)) +
		WeightRow*(rowSum(rowUs)-rowSum(rowThem)) +
		WeightNki*(rowSum(rowUs&fieldMaskOf[nkiUs])-rowSum(rowThem&fieldMaskOf[nkiThem]))
	// Own empty pits facing capturable enemy pits, row-local indices.
	if t := ^occUs & reverse10[occThem&^nkiThem] & rowBits; t != 0 {
		s += WeightThreatUs * threatFast(rowUs, rowThem, t)
	}
	if t := ^occThem & reverse10[occUs&^nkiUs] & rowBits; t != 0 {
		s += WeightThreatThem * threatFast(rowThem, rowUs, t)
	}
	return max(-Max, min(Max, s))
}

// threatFast is threat given targets, the own empty pits facing loaded,
// unmarked enemy pits: a target is hit when an own pit j to its left has
// j + count(j) reaching it.
func threatFast(own, enemy uint64, targets uint32) int {
	// A fixed loop of table loads: no branch on the counts to mispredict
	// (pit 9 reaches nothing in its row).
	reach := uint16(0)
	r := own
	for j := 0; j < position.RowPits-1; j++ {
		reach |= reachOf[j][r&63]
		r >>= 6
	}
	best := 0
	for cand := uint32(reach) & targets; cand != 0; cand &= cand - 1 {
		best = max(best, field(enemy, position.RowPits-1-bits.TrailingZeros32(cand)))
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
