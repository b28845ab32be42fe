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
	k := 0
	for _, s := range [2]position.Side{us, them} {
		r := p.Row(s)
		m := nki >> (position.RowPits * uint(s))
		for i := 0; i < position.RowPits; i++ {
			in[k] = uint16(k*pitInputs) + uint16(m&1)*NumBuckets + bucketOf[r&rowFieldMask]
			r >>= rowFieldWidth
			m >>= 1
			k++
		}
	}
	tu, tt := eval.Threats(p, occ)
	in[k] = inThreatUs + bucketOf[tu]
	in[k+1] = inThreatThem + bucketOf[tt]
	in[k+2] = inBoard + uint16(min(p.BoardTotal()/boardPerBuck, lastBucket))
}

// group is the group of input i: one input of each group is active (a
// pit's 0..19, then 20, 21, 22).
func group(i int) int {
	if i < inThreatUs {
		return i / pitInputs
	}
	return position.NumPits + (i-inThreatUs)/NumBuckets
}
