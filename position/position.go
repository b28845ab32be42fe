// The board value: pits, nki marks, prisons, side to move, turn and key.

package position

import "math/bits"

// Pit indices of the two rows.
const (
	NumPits  = 20
	RowPits  = 10
	MaxTotal = 63 // warriors on board and in prisons together, at most

	fieldBits = 6
	fieldMask = 1<<fieldBits - 1
	rowOnes   = 0x041041041041041 // 1 in each of the ten fields
)

// Side is South (0, moves first) or North (1).
type Side uint8

const (
	South Side = 0
	North Side = 1
)

// Other returns the opponent.
func (s Side) Other() Side { return s ^ 1 }

func (s Side) String() string {
	if s == South {
		return "south"
	}
	return "north"
}

// Phase is the part of the game a turn belongs to.
type Phase uint8

const (
	OpeningSouth Phase = iota // turn 1: South redistributes
	OpeningNorth              // turn 2: North redistributes
	Play                      // turn 3 on: sowing moves
)

// Position is a Kiothi position. It is a small value: copy it, do not share
// a pointer to it across goroutines.
//
// The key covers the pit counts, the nki marks, the side to move and the
// phase, but not the prisons or the turn number. KeyWithPrisons adds the
// prisons, for uses whose values depend on them: the repetition rule and
// the search's table key with it; the solver under the margin objective
// keys with Key alone and stores values relative to the current prisons
// (what is still to be won), so positions differing only in prisons share
// entries.
type Position struct {
	rows   [2]uint64
	key    uint64
	flags  uint32 // bits 0..19: nki mark of pit i; bit 31: North to move
	prison [2]uint8
	turn   uint16
}

const northFlag = 1 << 31
const nkiBits = 1<<NumPits - 1

// Count returns the warriors in pit i (0..19).
func (p *Position) Count(i int) int {
	u := uint(i) // unsigned: a division by 10 without sign fix-ups
	return int(p.rows[u/RowPits]>>(fieldBits*(u%RowPits)&63)) & fieldMask
}

// Rows returns the two packed rows (South, North) as laid out above.
func (p *Position) Rows() (south, north uint64) { return p.rows[0], p.rows[1] }

// Row returns a side's packed row: pit k of the row in bits 6k..6k+5.
func (p *Position) Row(s Side) uint64 { return p.rows[s] }

// Nki reports whether pit i carries the nki mark.
func (p *Position) Nki(i int) bool { return p.flags>>uint(i)&1 != 0 }

// NkiMask returns the nki marks, bit i for pit i.
func (p *Position) NkiMask() uint32 { return p.flags & nkiBits }

// Side returns the side to move.
func (p *Position) Side() Side { return Side(p.flags >> 31) }

// Turn returns the turn number, counted from 1.
func (p *Position) Turn() int { return int(p.turn) }

// Phase returns the phase of the turn to be played.
func (p *Position) Phase() Phase {
	switch p.turn {
	case 1:
		return OpeningSouth
	case 2:
		return OpeningNorth
	}
	return Play
}

// Prison returns the warriors in a side's prison.
func (p *Position) Prison(s Side) int { return int(p.prison[s]) }

// Key returns the hash key (see Position).
func (p *Position) Key() uint64 { return p.key }

// KeyWithPrisons returns Key extended by both prisons.
func (p *Position) KeyWithPrisons() uint64 {
	return p.key + zPrison[0][p.prison[0]&63] + zPrison[1][p.prison[1]&63]
}

// RowTotal returns the warriors on a side's row.
func (p *Position) RowTotal(s Side) int { return rowSum(p.rows[s]) }

// Field returns the count of row pit j (0..9) of a packed row (Row).
func Field(row uint64, j int) int { return int(row>>(fieldBits*uint(j)&63)) & fieldMask }

// RowSum returns the warriors in a packed row.
func RowSum(row uint64) int { return rowSum(row) }

// Doubled repeats a 20-bit pit mask above itself (bit i and bit i+20 are
// pit i), so that a cyclic window of pits, such as the landings of a first
// lap, is a plain shifted mask.
func Doubled(m uint32) uint64 { return uint64(m) | uint64(m)<<NumPits }

// BoardTotal returns the warriors on the board.
func (p *Position) BoardTotal() int { return rowSum(p.rows[0]) + rowSum(p.rows[1]) }

// Total returns the warriors on the board and in both prisons.
func (p *Position) Total() int { return p.BoardTotal() + int(p.prison[0]) + int(p.prison[1]) }

// Occupied returns a mask of the occupied pits, bit i for pit i.
func (p *Position) Occupied() uint32 {
	return occupiedRow(p.rows[0]) | occupiedRow(p.rows[1])<<RowPits
}

// rowSum adds the ten 6-bit fields of a row: pairs, then a multiply that
// gathers the five 12-bit partial sums into the top field.
func rowSum(r uint64) int {
	pairs := (r & 0x03F03F03F03F03F) + (r >> 6 & 0x03F03F03F03F03F)
	return int((pairs * 0x001001001001001) >> 48 & 0xFFF)
}

// occupiedRow returns a 10-bit mask of the non-empty fields of a row.
func occupiedRow(r uint64) uint32 {
	// Fold each field's six bits into its lowest bit.
	r |= r >> 1
	r |= r >> 2
	r |= r >> 2
	// Gather the flags of the even fields (bits 12m, m = 0..4) and of the
	// odd ones apart, each with one multiply: the term 2^(40-10j) moves bit
	// 12m to 40+2m-10(j-m), bit 40+2m for j = m. No two terms meet (12m-10j
	// is one-to-one for m, j < 5) and no stray one lands on an even bit
	// 40..48 (that needs |j-m| = 5), so nothing carries into the answer.
	const evens, gather = 0x001001001001001, 1<<40 | 1<<30 | 1<<20 | 1<<10 | 1
	even := (r & evens) * gather >> 40 & 0x155
	odd := (r >> 6 & evens) * gather >> 40 & 0x155
	return uint32(even | odd<<1)
}

// Pit owner helpers.

// Owner returns the side whose row holds pit i.
func Owner(i int) Side { return Side(i / RowPits) }

// Facing returns the pit facing pit i.
func Facing(i int) int { return NumPits - 1 - i }

// Leftmost returns a side's leftmost pit (a or A).
func Leftmost(s Side) int { return int(s) * RowPits }

// --- low-level mutators, used by movegen ---

// Lift removes n warriors (1 <= n <= Count(i)) from pit i and clears its
// nki mark, as the rules do for any lift.
func (p *Position) Lift(i, n int) {
	r, sh := uint(i)/RowPits, fieldBits*(uint(i)%RowPits)&63 // unsigned, masked: no fix-ups
	p.rows[r] -= uint64(n) << sh
	p.key -= uint64(n) * zPit[i]
	p.clearNki(i)
}

// LiftAll empties pit i, clears its nki mark and returns what it held.
func (p *Position) LiftAll(i int) int {
	r, sh := uint(i)/RowPits, fieldBits*(uint(i)%RowPits)&63 // unsigned, masked: no fix-ups
	n := int(p.rows[r]>>sh) & fieldMask
	p.rows[r] &^= fieldMask << sh
	p.key -= uint64(n) * zPit[i]
	p.clearNki(i)
	return n
}

func (p *Position) clearNki(i int) {
	bit := uint32(1) << uint(i)
	if p.flags&bit != 0 {
		p.flags &^= bit
		p.key -= zNki[i]
	}
}

// Lap sows n >= 1 warriors one a pit from pit start on (start itself
// first) and returns the pit that took the last one. That pit was occupied
// before the last warrior arrived exactly when it now holds two or more.
func (p *Position) Lap(start, n int) (last int) {
	q, r := n/NumPits, n%NumPits
	add := &lapAdd[start][r]
	p.rows[0] += uint64(q)*rowOnes + add[0]
	p.rows[1] += uint64(q)*rowOnes + add[1]
	p.key += uint64(q)*zAllPits + zRange[start][r]
	return int(uint(start+n-1) % NumPits)
}

// Take empties pit i for a capture and returns what it held (nki marks are
// the caller's business: captured pits are never nki).
func (p *Position) Take(i int) int {
	r, sh := uint(i)/RowPits, fieldBits*(uint(i)%RowPits)&63 // unsigned, masked: no fix-ups
	n := int(p.rows[r]>>sh) & fieldMask
	p.rows[r] &^= fieldMask << sh
	p.key -= uint64(n) * zPit[i]
	return n
}

// Put drops n warriors into pit i.
func (p *Position) Put(i, n int) {
	p.rows[uint(i)/RowPits] += uint64(n) << (fieldBits * (uint(i) % RowPits) & 63)
	p.key += uint64(n) * zPit[i]
}

// AddPrison adds n warriors to a side's prison.
func (p *Position) AddPrison(s Side, n int) { p.prison[s] += uint8(n) }

// EndTurn passes the move to the other side and counts the turn. The end of
// turn 2 marks every occupied pit nki (RULES.md §3).
func (p *Position) EndTurn() {
	p.key -= phaseKey(p.turn) + sideKey(p.flags)
	p.flags ^= northFlag
	if p.turn == 2 {
		p.setNki(p.Occupied())
	}
	if p.turn < 0xFFFF {
		p.turn++
	}
	p.key += phaseKey(p.turn) + sideKey(p.flags)
}

func (p *Position) setNki(mask uint32) {
	for m := mask &^ p.flags & nkiBits; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		p.key += zNki[i]
	}
	p.flags |= mask & nkiBits
}

// SetSide sets the side to move, keeping the key in step (for setting up a
// position by hand; play uses EndTurn).
func (p *Position) SetSide(s Side) {
	p.key -= sideKey(p.flags)
	p.flags = p.flags&^northFlag | uint32(s)<<31
	p.key += sideKey(p.flags)
}

func sideKey(flags uint32) uint64 {
	if flags&northFlag != 0 {
		return zNorth
	}
	return 0
}

func phaseKey(turn uint16) uint64 {
	switch turn {
	case 1:
		return zPhase[0]
	case 2:
		return zPhase[1]
	}
	return 0
}

// ComputeKey returns the key computed from scratch; the incremental key
// must always equal it.
func (p *Position) ComputeKey() uint64 {
	var k uint64
	for i := 0; i < NumPits; i++ {
		k += uint64(p.Count(i)) * zPit[i]
		if p.Nki(i) {
			k += zNki[i]
		}
	}
	return k + sideKey(p.flags) + phaseKey(p.turn)
}
