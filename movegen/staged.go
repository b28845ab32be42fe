// Staged generation for searches: legal moves with their captures, sown
// only where legality needs it, and a captures-only stage for quiescence.

package movegen

import (
	"math/bits"

	"github.com/kiothi/kiothi/position"
)

// Staged is a search's move list: each legal play move with the warriors
// it sends to the mover's prison and, where generation had to sow it, its
// child position. A move whose first lap ends in an empty pit never relays,
// so its legality and capture follow from the board and its child is made
// only when asked for (Child); a relaying move must be sown to be judged
// legal (the lap limit), and its child is kept. Sowing relays at
// generation rather than when picked gives their captures to the move
// ordering (docs/journal/measurements.md, "Search settings chosen by
// self-play and bench nodes"). A search may reorder the entries below N, as
// long as it swaps Moves, Gain, Made and Kids together.
type Staged struct {
	Moves [MaxMoves]position.Move
	Kids  [MaxMoves]position.Position
	Gain  [MaxMoves]int8 // warriors the move sends to the mover's prison
	Made  [MaxMoves]bool // Kids[i] is the position after Moves[i]
	N     int
	// Sown counts the relaying sowings done (a sowing can run thousands of
	// laps: searches poll their clock by it); the caller resets it.
	Sown  int
	relay [MaxMoves]position.Move
}

// Generate lists the legal play moves of p (in the play phase) in board
// order (pit, then count) and returns how many there are.
func (s *Staged) Generate(p *position.Position, r Rules) int {
	side := p.Side()
	first := position.Leftmost(side)
	prison := p.Prison(side)
	// The first laps are read from masks over the doubled board, so each
	// pit's landings of k < 20 are one window and only the landings that
	// can be moves are visited, in k order: empty pits (quiet moves) and
	// occupied ones a relay may start from (not the mover's own under the
	// first-lap restriction).
	occ := p.Occupied()
	own := uint32(1<<position.RowPits-1) << uint(first)
	relayable := relayLandings(occ, own, r)
	e2 := position.Doubled(^occ & (1<<position.NumPits - 1))
	land := e2 | position.Doubled(relayable)
	capt2 := captureLandings(p, occ, own, first)
	row := p.Row(side)
	n := 0
	for m := occ & own; m != 0; m &= m - 1 {
		pit := bits.TrailingZeros32(m)
		c, window := firstLapWindow(row, pit, first)
		for b := land & window; b != 0; b &= b - 1 {
			t := bits.TrailingZeros64(b)
			k := t - pit
			if e2>>uint(t)&1 != 0 {
				g := 0
				if capt2>>uint(t)&1 != 0 {
					g = predictGain(p, pit, t, side)
				}
				s.Moves[n] = position.NewMove(pit, k)
				s.Gain[n] = int8(g)
				s.Made[n] = false
				n++
				continue
			}
			if s.sowInto(n, p, pit, k, prison, r) {
				n++
			}
		}
		// Whole laps and more always relay or end past the first lap.
		for k := position.NumPits; k <= c; k++ {
			if s.sowInto(n, p, pit, k, prison, r) {
				n++
			}
		}
	}
	s.N = n
	return n
}

// GenerateCaptures lists the capturing moves of p (in the play phase),
// given occ = p.Occupied(), and reports whether p has any legal move. A
// quiet move captures only by landing in an own empty pit whose facing pit
// is unmarked (or in the leftmost pit, for the bonus), so only those
// landings are looked at, and any quiet landing shows the side can move.
// Relaying moves are sown for their captures only while no move has shown
// that the side can move, or always with relays set; so without relays
// the list may leave relaying captures out.
func (s *Staged) GenerateCaptures(p *position.Position, r Rules, occ uint32, relays bool) (n int, hasMove bool) {
	side := p.Side()
	first := position.Leftmost(side)
	prison := p.Prison(side)
	own := uint32(1<<position.RowPits-1) << uint(first)
	empty := ^occ & (1<<position.NumPits - 1)
	e2 := position.Doubled(empty)
	cand2 := captureLandings(p, occ, own, first)
	row := p.Row(side)
	for m := occ & own; m != 0; m &= m - 1 {
		pit := bits.TrailingZeros32(m)
		_, window := firstLapWindow(row, pit, first)
		if e2&window == 0 {
			continue
		}
		hasMove = true
		for b := cand2 & window; b != 0; b &= b - 1 {
			t := bits.TrailingZeros64(b)
			k := t - pit
			if g := predictGain(p, pit, t, side); g > 0 {
				s.Moves[n] = position.NewMove(pit, k)
				s.Gain[n] = int8(g)
				s.Made[n] = false
				n++
			}
		}
	}
	if hasMove && !relays {
		s.N = n
		return n, true
	}
	// The relaying moves, in generation order.
	relayable := relayLandings(occ, own, r)
	r2 := position.Doubled(relayable)
	nr := 0
	for m := occ & own; m != 0; m &= m - 1 {
		pit := bits.TrailingZeros32(m)
		c, window := firstLapWindow(row, pit, first)
		for b := r2 & window; b != 0; b &= b - 1 {
			s.relay[nr] = position.NewMove(pit, bits.TrailingZeros64(b)-pit)
			nr++
		}
		for k := position.NumPits; k <= c; k++ {
			s.relay[nr] = position.NewMove(pit, k)
			nr++
		}
	}
	for i := 0; i < nr && (!hasMove || relays); i++ {
		m := s.relay[i]
		if s.sowInto(n, p, m.Pit(), m.Count(), prison, r) {
			hasMove = true
			if s.Gain[n] > 0 {
				n++
			}
		}
	}
	s.N = n
	return n, hasMove || n > 0
}

// firstLapWindow returns the count of the mover's pit (row: the mover's
// row, first: its leftmost pit) and the doubled-board window its lifts of
// under 20 land in on their first lap: pits pit+1..pit+min(c, 19).
func firstLapWindow(row uint64, pit, first int) (c int, window uint64) {
	c = position.Field(row, pit-first)
	return c, (uint64(1)<<uint(min(c, position.NumPits-1)) - 1) << uint(pit+1)
}

// sowInto sows pit, k from p into slot n; false if illegal.
func (s *Staged) sowInto(n int, p *position.Position, pit, k, prison int, r Rules) bool {
	q := &s.Kids[n]
	*q = *p
	s.Sown++
	if Sow(q, pit, k, r) != Legal {
		return false
	}
	q.EndTurn()
	s.Moves[n] = position.NewMove(pit, k)
	s.Gain[n] = int8(q.Prison(p.Side()) - prison)
	s.Made[n] = true
	return true
}

// Child returns the position after move i of p's list, making it if
// needed; false if the move turns out illegal (a relaying sowing past the
// lap limit; generation lists none, so only for lists built otherwise).
func (s *Staged) Child(i int, p *position.Position, r Rules) (*position.Position, bool) {
	q := &s.Kids[i]
	if !s.Made[i] {
		*q = *p
		m := s.Moves[i]
		if s.Gain[i] == 0 {
			// A quiet single lap known to take nothing: the lap is the
			// whole move, no relay or capture to look for.
			q.SowFirstLap(m.Pit(), m.Count())
			q.EndTurn()
			s.Made[i] = true
			return q, true
		}
		if Sow(q, m.Pit(), m.Count(), r) != Legal {
			return q, false
		}
		q.EndTurn()
		s.Made[i] = true
	}
	return q, true
}

// captureLandings returns the doubled-board landings, in empty own pits,
// where a quiet move can capture; predictGain is needed only there. A lap
// from an own pit that lands in the row directly (low copy) passes no
// enemy pit, so it captures only if the facing pit is loaded and unmarked;
// one that wraps round (high copy) has passed every enemy pit, so an
// unmarked facing pit holds at least one. The leftmost pit is only reached
// by wrapping, and may take the bonus whatever faces it.
func captureLandings(p *position.Position, occ, own uint32, first int) uint64 {
	nki := p.NkiMask()
	empty := ^occ & own
	// Bit t: pit 19-t (the pit facing t) is unmarked, or loaded and unmarked.
	unmarkedFacing := bits.Reverse32(^nki) >> (32 - position.NumPits)
	loadedFacing := bits.Reverse32(occ&^nki) >> (32 - position.NumPits)
	return uint64(empty&loadedFacing) |
		uint64(empty&(unmarkedFacing|1<<uint(first)))<<position.NumPits
}

// predictGain returns what a single-lap sowing of k = t-pit (< 20)
// warriors from pit, ending in an own pit that was empty (bit t of the
// doubled board), sends to the mover's prison (RULES.md §5, as capture
// applies it): no sowing needed, since each pit of the lap gets one. The
// counts are read from the enemy row, and the lap is a mask, so no pit
// index is divided by ten.
func predictGain(p *position.Position, pit, t int, side position.Side) int {
	lap := (uint64(2)<<uint(t) - 1) &^ (uint64(2)<<uint(pit) - 1)
	passed := uint32(lap|lap>>position.NumPits) & (1<<position.NumPits - 1)
	first := position.Leftmost(side)
	efirst := position.Leftmost(side.Other())
	enemy := p.Row(side.Other())
	nki := p.NkiMask()
	i := wrapDoubled(t) - first // row-local; it faces enemy pit 9-i
	taken := 0
	if fl := position.RowPits - 1 - i; nki>>uint(efirst+fl)&1 == 0 {
		taken = position.Field(enemy, fl) + int(passed>>uint(efirst+fl)&1)
	}
	if i == 0 {
		// The bonus: the enemy pits facing our 2nd..4th, row-local 6..8.
		bonus := 0
		for fl := 6; fl <= 8; fl++ {
			c := position.Field(enemy, fl) + int(passed>>uint(efirst+fl)&1)
			if c == 0 || nki>>uint(efirst+fl)&1 != 0 {
				bonus = 0
				break
			}
			bonus += c
		}
		taken += bonus
	}
	if taken == 0 {
		return 0
	}
	return taken + 1
}

// wrapDoubled maps a bit of the doubled board to its pit.
func wrapDoubled(t int) int {
	if t >= position.NumPits {
		return t - position.NumPits
	}
	return t
}

// QuietMoveExists reports, without sowing, whether the side to move in p
// (occ = p.Occupied()) has a move whose first lap ends in an empty pit
// (such a move is always legal). False does not mean no legal move:
// relaying moves are not looked at.
func QuietMoveExists(p *position.Position, occ uint32) bool {
	first := position.Leftmost(p.Side())
	// The windows of all own pits are OR'd by a fixed loop of table loads,
	// no branch on the counts to mispredict.
	e2 := position.Doubled(^occ & (1<<position.NumPits - 1))
	row := p.Row(p.Side())
	var reach uint64
	for j := 0; j < position.RowPits; j++ {
		reach |= firstLap[j][row&63]
		row >>= 6
	}
	return e2&(reach<<uint(first)) != 0
}

// firstLap[j][c] is the doubled-board window a lift of up to c warriors
// from row pit j lands in on its first lap (pits j+1..j+min(c, 19)).
var firstLap = func() (t [position.RowPits][64]uint64) {
	for j := range t {
		for c := range t[j] {
			t[j][c] = (uint64(1)<<uint(min(c, position.NumPits-1)) - 1) << uint(j+1)
		}
	}
	return t
}()
