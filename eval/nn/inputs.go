// The network's inputs: which NumActive of the NumInputs are set in a
// position.

package nn

import (
	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/position"
)

// NumBuckets is the number of buckets a count falls in.
const NumBuckets = 16

// Input layout: 20 pits × (plain, nki) × bucket, then the side to move's
// threat, the opponent's threat and the board's warriors, a bucket each.
const (
	pitInputs     = 2 * NumBuckets
	inThreatUs    = position.NumPits * pitInputs
	inThreatThem  = inThreatUs + NumBuckets
	inBoard       = inThreatThem + NumBuckets
	NumInputs     = inBoard + NumBuckets
	NumActive     = position.NumPits + 3
	boardPerBuck  = 4 // warriors a board bucket spans
	lastBucket    = NumBuckets - 1
	rowFieldMask  = 63
	rowFieldWidth = 6
)

// bucketOf[c] is the bucket of a count c: 0..11 each their own, then
// 12-14, 15-19, 20-29 and 30 or more.
var bucketOf = func() (t [64]uint16) {
	for c := range t {
		switch {
		case c <= 11:
			t[c] = uint16(c)
		case c <= 14:
			t[c] = 12
		case c <= 19:
			t[c] = 13
		case c <= 29:
			t[c] = 14
		default:
			t[c] = 15
		}
	}
	return t
}()

// Inputs sets in to the active inputs of p (occ = p.Occupied()): the 20
// pits in order, then the threats and the board.
func Inputs(p *position.Position, occ uint32, in *[NumActive]uint16) {
	us := p.Side()
	them := us.Other()
	nki := p.NkiMask()
	rowInputs(p.Row(us), nki>>(position.RowPits*uint(us)), in[:position.RowPits:position.RowPits], 0)
	rowInputs(p.Row(them), nki>>(position.RowPits*uint(them)), in[position.RowPits:position.NumPits:position.NumPits], position.RowPits*pitInputs)
	tu, tt := eval.Threats(p, occ)
	k := position.NumPits
	in[k] = inThreatUs + bucketOf[tu]
	in[k+1] = inThreatThem + bucketOf[tt]
	in[k+2] = inBoard + uint16(min(p.BoardTotal()/boardPerBuck, lastBucket))
}

// rowInputs sets in[i] to the input of pit i of a packed row r with nki
// marks m (bit i for pit i), the row's inputs starting at base. The pits
// are written out (a loop shifts r and m one pit at a time, a chain the
// CPU waits on).
func rowInputs(r uint64, m uint32, in []uint16, base uint16) {
	_ = in[position.RowPits-1]
	in[0] = base + 0*pitInputs + pitInput(r, m, 0)
	in[1] = base + 1*pitInputs + pitInput(r, m, 1)
	in[2] = base + 2*pitInputs + pitInput(r, m, 2)
	in[3] = base + 3*pitInputs + pitInput(r, m, 3)
	in[4] = base + 4*pitInputs + pitInput(r, m, 4)
	in[5] = base + 5*pitInputs + pitInput(r, m, 5)
	in[6] = base + 6*pitInputs + pitInput(r, m, 6)
	in[7] = base + 7*pitInputs + pitInput(r, m, 7)
	in[8] = base + 8*pitInputs + pitInput(r, m, 8)
	in[9] = base + 9*pitInputs + pitInput(r, m, 9)
}

// pitInput is the input of row pit i within its pit's 2 × NumBuckets.
func pitInput(r uint64, m uint32, i uint) uint16 {
	return uint16(m>>i&1)*NumBuckets + bucketOf[r>>(rowFieldWidth*i)&rowFieldMask]
}

// group is the group of input i: one input of each group is active (a
// pit's 0..19, then 20, 21, 22).
func group(i int) int {
	if i < inThreatUs {
		return i / pitInputs
	}
	return position.NumPits + (i-inThreatUs)/NumBuckets
}
