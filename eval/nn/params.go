// The network's integers, as a weights file holds them, and their bounds.

package nn

import (
	"fmt"
	"math"
)

// Hidden is the number of hidden units.
const Hidden = 32

// lanes is the number of hidden units packed in one int64 (Net.units unpacks four).
const lanes = 4

// Bounds of the scales: 2^ShiftA is a hidden unit's 1, 2^ShiftB a
// centi-warrior in W2.
const (
	MaxShiftA = 13
	MaxShiftB = 13
)

// Params are a network's integers: 1 in W1 and B1 is 2^ShiftA, 1 in W2 is
// 2^-ShiftB centi-warriors, and B2 is in units of 2^-(ShiftA+ShiftB)
// centi-warriors.
type Params struct {
	ShiftA, ShiftB uint8
	W1             [NumInputs][Hidden]int16
	B1             [Hidden]int16
	W2             [Hidden]int16
	B2             int32
	// Provenance says where the numbers come from (data, trainer command,
	// date, losses).
	Provenance string
}

// MaxProvenance bounds the Provenance's length in bytes.
const MaxProvenance = 4096

// accBound returns, for hidden unit j, the largest |B1_j + sum of one W1
// of each group| any position can give.
func (q *Params) accBound(j int) int {
	var most [NumActive]int
	for i := 0; i < NumInputs; i++ {
		g := group(i)
		most[g] = max(most[g], abs(int(q.W1[i][j])))
	}
	s := abs(int(q.B1[j]))
	for _, m := range most {
		s += m
	}
	return s
}

// Check reports a value that would break integer inference: a hidden
// unit's sum outside int16 (its packed lane would spill into the next),
// an output sum outside int32, a scale or a provenance out of bounds.
func (q *Params) Check() error {
	if q.ShiftA < 1 || q.ShiftA > MaxShiftA || q.ShiftB > MaxShiftB {
		return fmt.Errorf("scales 2^%d and 2^%d: want 2^1..2^%d and 2^0..2^%d", q.ShiftA, q.ShiftB, MaxShiftA, MaxShiftB)
	}
	if len(q.Provenance) > MaxProvenance {
		return fmt.Errorf("provenance of %d bytes, at most %d", len(q.Provenance), MaxProvenance)
	}
	out := abs(int(q.B2))
	for j := 0; j < Hidden; j++ {
		if b := q.accBound(j); b > math.MaxInt16 {
			return fmt.Errorf("hidden unit %d: its sum can reach %d, outside int16", j, b)
		}
		out += abs(int(q.W2[j])) << q.ShiftA
	}
	if out > math.MaxInt32 {
		return fmt.Errorf("the output sum can reach %d, outside int32", out)
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
