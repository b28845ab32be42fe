// Play-move generation into a caller-owned buffer.

package movegen

import (
	"math/bits"

	"github.com/kiothi/kiothi/position"
)

// MaxMoves bounds the play moves of a position: one per warrior on the
// mover's row, and a row holds at most 63.
const MaxMoves = 64

// MoveList is a buffer for generated moves, owned by the caller.
type MoveList [MaxMoves]position.Move

// landing returns the pit where the first lap of lifting n from pit (which
// holds c) ends, and whether it was occupied before the last warrior came.
func landing(p *position.Position, pit, c, n int) (last int, occupied bool) {
	last = (pit + n) % position.NumPits
	q, r := n/position.NumPits, n%position.NumPits
	before := p.Count(last)
	if r == 0 { // a whole number of rounds ends on the source pit
		return last, c-n+q >= 2
	}
	return last, before+q >= 1
}

// relayLandings returns the pits a first lap may end in and relay from
// (occ: the occupied pits, own: the mover's row): every occupied pit, less
// the mover's own under the first-lap restriction (RULES.md §4).
func relayLandings(occ, own uint32, r Rules) uint32 {
	if r.FreeFirstLap {
		return occ
	}
	return occ &^ own
}

// Generate writes the legal play moves of p into list in board order (pit,
// then count) and returns how many there are. At the opening it returns 0:
// redistributions are visited with ForEachOpening.
func Generate(p *position.Position, r Rules, list *MoveList) int {
	if p.Phase() != position.Play {
		return 0
	}
	side := p.Side()
	first := position.Leftmost(side)
	occ := position.Doubled(p.Occupied())
	blocked := occ & position.Doubled((1<<position.RowPits-1)<<uint(first)) // first lap may not end here
	if r.FreeFirstLap {
		blocked = 0
	}
	k := 0
	for pit := first; pit < first+position.RowPits; pit++ {
		c := p.Count(pit)
		for n := 1; n <= c; n++ {
			if n < position.NumPits {
				// The landing pit is pit+n; its occupancy decides the first lap.
				bit := uint64(1) << uint(pit+n)
				if occ&bit == 0 || (blocked&bit == 0 && relayEnds(p, pit, n)) {
					list[k] = position.NewMove(pit, n)
					k++
				}
				continue
			}
			if legalSowing(p, pit, c, n, side, r) {
				list[k] = position.NewMove(pit, n)
				k++
			}
		}
	}
	return k
}

// relayEnds reports whether lifting n (1..19) from pit, whose first lap
// ends in an occupied pit, ends within the lap limit.
func relayEnds(p *position.Position, pit, n int) bool {
	return p.SowEnds(pit, n, MaxLaps)
}

// legalSowing decides a candidate (pit, n) that is already known to lift
// from the mover's occupied pit. Only a first lap that relays needs the
// sowing simulated.
func legalSowing(p *position.Position, pit, c, n int, side position.Side, r Rules) bool {
	last, occ := landing(p, pit, c, n)
	if !occ {
		return true
	}
	if !r.FreeFirstLap && position.Owner(last) == side {
		return false
	}
	return p.SowEnds(pit, n, MaxLaps)
}

// CountMoves returns the number of legal play moves (perft at depth 1)
// without playing them: for hands under 20 a first lap into an empty pit is
// legal outright (a popcount over the window of landing pits), one into an
// occupied own pit is illegal, and only relays are simulated.
func CountMoves(p *position.Position, r Rules) int {
	if p.Phase() != position.Play {
		return 0
	}
	side := p.Side()
	first := position.Leftmost(side)
	o := p.Occupied()
	occ := position.Doubled(o)
	relays := position.Doubled(relayLandings(o, (1<<position.RowPits-1)<<uint(first), r))
	row := p.Row(side)
	// Relaying candidates are collected and checked together (see
	// position.SowEndsMoves). Every pit is visited, written out (a loop
	// over pits, or over a pit's hands, costs a mispredicted exit a pit; an
	// empty pit has an empty window), and the relaying hands of three pits
	// at a time are gathered in one word (19 bits a pit: bit n-1 for hand
	// n), read out by one loop a word.
	var hands [4]uint64
	k := 0
	for g := 0; g < 3; g++ {
		j := 3 * g
		k0, h0 := handsOf(row>>(6*uint(j)), first+j, occ, relays)
		k1, h1 := handsOf(row>>(6*uint(j+1)), first+j+1, occ, relays)
		k2, h2 := handsOf(row>>(6*uint(j+2)), first+j+2, occ, relays)
		k += k0 + k1 + k2
		hands[g] = h0 | h1<<19 | h2<<38
	}
	k9, h9 := handsOf(row>>54, first+9, occ, relays)
	k += k9
	hands[3] = h9
	// Hands of 20 or more (rare) are checked one by one. A field is at
	// least 20 when adding 44 carries out of its six bits: even and odd
	// fields are added apart so that the carries have room.
	const even, add44, carries = 0x03F03F03F03F03F, 44 * 0x001001001001001, 0x040040040040040
	if ((row&even+add44)|(row>>6&even+add44))&carries != 0 {
		for pit := first; pit < first+position.RowPits; pit++ {
			c := p.Count(pit)
			for n := position.NumPits; n <= c; n++ {
				if legalSowing(p, pit, c, n, side, r) {
					k++
				}
			}
		}
	}
	var moves [MaxMoves]position.Move
	nm := 0
	for g, m := range hands[:] { // a slice: ranging over the array copied it, and the copy stalled on store forwarding
		for ; m != 0; m &= m - 1 {
			moves[nm&(MaxMoves-1)] = handMove[g&3][bits.TrailingZeros64(m)] + position.Move(first)
			nm++
		}
	}
	return k + p.SowEndsMoves(moves[:nm], MaxLaps)
}

// handsOf looks at the hands n = 1..min(c, 19) of pit, which holds c (the
// low six bits of field): it returns how many end their first lap in an
// empty pit (legal outright) and, as a mask (bit n-1 for hand n), those
// that end it in an occupied pit of relays (to be sown). occ and relays
// are doubled masks.
func handsOf(field uint64, pit int, occ, relays uint64) (int, uint64) {
	w := min(int(field&63), position.NumPits-1)
	sh := uint(pit+1) & 63 // masked shifts need no range check
	window := (uint64(1)<<(uint(w)&63) - 1) << sh
	return w - bits.OnesCount64(occ&window), (relays & window) >> sh
}

// handMove[g][b] is the move of bit b of CountMoves' hands word g, for a
// row whose first pit is 0 (adding the first pit's index gives the move).
var handMove [4][64]position.Move

func init() {
	for j := 0; j < position.RowPits; j++ {
		for n := 1; n < position.NumPits; n++ {
			handMove[j/3][19*(j%3)+n-1] = position.NewMove(j, n)
		}
	}
}

// HasMove reports whether the side to move has any legal move (at the
// opening: two occupied pits of its own row).
func HasMove(p *position.Position, r Rules) bool {
	if p.Phase() != position.Play {
		return ownOccupied(p) >= 2
	}
	side := p.Side()
	first := position.Leftmost(side)
	for pit := first; pit < first+position.RowPits; pit++ {
		c := p.Count(pit)
		for n := 1; n <= c; n++ {
			if legalSowing(p, pit, c, n, side, r) {
				return true
			}
		}
	}
	return false
}

func ownOccupied(p *position.Position) int {
	occ := p.Occupied() >> uint(position.Leftmost(p.Side())) & (1<<position.RowPits - 1)
	n := 0
	for ; occ != 0; occ &= occ - 1 {
		n++
	}
	return n
}
