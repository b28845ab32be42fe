// Move generation for the search: legal moves with their captures, the
// child positions made lazily, picked in order (TT move, captures by size,
// killers, history).

package search

import (
	"math/bits"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Ordering keys: the TT move first, then captures by the warriors taken,
// then the two killers, then the rest by history.
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 28
	orderKiller  = 1 << 27
)

// generate lists the legal moves of p into f with the warriors each
// captures (f.gain). A move whose first lap ends in an empty pit never
// relays, so its legality and capture follow from the board (predictGain)
// and its child is made only when searched; a relaying move must be sown
// to be judged legal (the lap limit), and its child is kept. Sowing relays
// here rather than when picked gives their captures to the move ordering,
// which saves far more nodes than the sowing costs (docs/journal.md). With
// capturesOnly, non-capturing moves are left out; relaying moves are then
// sown only if no quiet move has shown that the side can move, so
// hasMove reports whether p has any legal move.
func (w *worker) generate(f *frame, p *position.Position, capturesOnly bool) (n int, hasMove bool) {
	if capturesOnly {
		return w.generateCaptures(f, p, p.Occupied())
	}
	side := p.Side()
	first := position.Leftmost(side)
	prison := p.Prison(side)
	// The first laps are read from masks over the doubled board (bit t and
	// t+20 are pit t), so each pit's landings of k < 20 are one window and
	// only the landings that can be moves are visited, in k order: empty
	// pits (quiet moves) and occupied ones a relay may start from (not the
	// mover's own under the first-lap restriction).
	occ := p.Occupied()
	own := uint32(1<<position.RowPits-1) << uint(first)
	relayable := occ
	if !w.s.rules.FreeFirstLap {
		relayable &^= own
	}
	e2 := doubled(^occ & (1<<position.NumPits - 1))
	land := e2 | doubled(relayable)
	capt2 := captureLandings(p, occ, own, first)
	row := p.Row(side)
	for m := occ & own; m != 0; m &= m - 1 {
		pit := bits.TrailingZeros32(m)
		c := int(row>>(6*uint(pit-first))) & 63
		window := (uint64(1)<<uint(min(c, position.NumPits-1)) - 1) << uint(pit+1)
		for b := land & window; b != 0; b &= b - 1 {
			t := bits.TrailingZeros64(b)
			k := t - pit
			if e2>>uint(t)&1 != 0 {
				g := 0
				if capt2>>uint(t)&1 != 0 {
					g = predictGain(p, pit, t, side)
				}
				f.moves[n] = position.NewMove(pit, k)
				f.gain[n] = int8(g)
				f.made[n] = false
				n++
				continue
			}
			if w.sowInto(f, n, p, pit, k, prison) {
				n++
			}
		}
		// Whole laps and more always relay or end past the first lap.
		for k := position.NumPits; k <= c; k++ {
			if w.sowInto(f, n, p, pit, k, prison) {
				n++
			}
		}
	}
	f.n = n
	return n, n > 0
}

// wrap maps a bit of the doubled board to its pit.
func wrap(t int) int {
	if t >= position.NumPits {
		return t - position.NumPits
	}
	return t
}

// generateCaptures is generate with capturesOnly (occ: p.Occupied()). A quiet move captures
// only by landing in an own empty pit whose facing pit is unmarked (or in
// the leftmost pit, for the bonus), so only those landings are looked at;
// any quiet landing shows the side can move. Relaying moves are listed and
// sown only when no quiet move exists (or with qsRelays).
func (w *worker) generateCaptures(f *frame, p *position.Position, occ uint32) (n int, hasMove bool) {
	side := p.Side()
	first := position.Leftmost(side)
	prison := p.Prison(side)
	own := uint32(1<<position.RowPits-1) << uint(first)
	empty := ^occ & (1<<position.NumPits - 1)
	e2 := doubled(empty)
	cand2 := captureLandings(p, occ, own, first)
	row := p.Row(side)
	for m := occ & own; m != 0; m &= m - 1 {
		pit := bits.TrailingZeros32(m)
		c := int(row>>(6*uint(pit-first))) & 63
		window := (uint64(1)<<uint(min(c, position.NumPits-1)) - 1) << uint(pit+1)
		if e2&window == 0 {
			continue
		}
		hasMove = true
		for b := cand2 & window; b != 0; b &= b - 1 {
			t := bits.TrailingZeros64(b)
			k := t - pit
			if g := predictGain(p, pit, t, side); g > 0 {
				f.moves[n] = position.NewMove(pit, k)
				f.gain[n] = int8(g)
				f.made[n] = false
				n++
			}
		}
	}
	if hasMove && !qsRelays {
		f.n = n
		return n, true
	}
	// The relaying moves, in generation order; they are sown for their
	// captures only while no move has shown the side can move.
	relayable := occ
	if !w.s.rules.FreeFirstLap {
		relayable &^= own
	}
	r2 := doubled(relayable)
	relays := 0
	for m := occ & own; m != 0; m &= m - 1 {
		pit := bits.TrailingZeros32(m)
		c := int(row>>(6*uint(pit-first))) & 63
		window := (uint64(1)<<uint(min(c, position.NumPits-1)) - 1) << uint(pit+1)
		for b := r2 & window; b != 0; b &= b - 1 {
			f.relay[relays] = position.NewMove(pit, bits.TrailingZeros64(b)-pit)
			relays++
		}
		for k := position.NumPits; k <= c; k++ {
			f.relay[relays] = position.NewMove(pit, k)
			relays++
		}
	}
	for i := 0; i < relays && (!hasMove || qsRelays); i++ {
		m := f.relay[i]
		if w.sowInto(f, n, p, m.Pit(), m.Count(), prison) {
			hasMove = true
			if f.gain[n] > 0 {
				n++
			}
		}
	}
	f.n = n
	return n, hasMove || n > 0
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

// qsRelays makes quiescence sow relaying moves to find their captures.
// Off: not weaker at equal nodes in self-play (docs/journal.md), and a
// quiescence node costs less.
var qsRelays = false

// sowInto sows pit, k from p into f's slot n; false if illegal.
func (w *worker) sowInto(f *frame, n int, p *position.Position, pit, k, prison int) bool {
	q := &f.kids[n]
	*q = *p
	side := p.Side()
	w.sown++
	if movegen.Sow(q, pit, k, w.s.rules) != movegen.Legal {
		return false
	}
	q.EndTurn()
	f.moves[n] = position.NewMove(pit, k)
	f.gain[n] = int8(q.Prison(side) - prison)
	f.made[n] = true
	return true
}

// child returns the position after move i of f, making it if needed;
// false if the move turns out illegal (a relaying sowing past the lap
// limit).
func (w *worker) child(f *frame, i int, p *position.Position) (*position.Position, bool) {
	q := &f.kids[i]
	if !f.made[i] {
		*q = *p
		m := f.moves[i]
		if f.gain[i] == 0 {
			// A quiet single lap known to take nothing: the lap is the
			// whole move, no relay or capture to look for.
			q.SowFirstLap(m.Pit(), m.Count())
			q.EndTurn()
			f.made[i] = true
			return q, true
		}
		if movegen.Sow(q, m.Pit(), m.Count(), w.s.rules) != movegen.Legal {
			return q, false
		}
		q.EndTurn()
		f.made[i] = true
	}
	return q, true
}

// predictGain returns what a single-lap sowing of k = t-pit (< 20)
// warriors from pit, ending in an own pit that was empty (bit t of the
// doubled board), sends to the mover's prison (RULES.md §5): no sowing
// needed, since each pit of the lap gets one. The counts are read from the
// enemy row, and the lap is a mask, so no pit index is divided by ten.
func predictGain(p *position.Position, pit, t int, side position.Side) int {
	lap := (uint64(2)<<uint(t) - 1) &^ (uint64(2)<<uint(pit) - 1)
	passed := uint32(lap|lap>>position.NumPits) & (1<<position.NumPits - 1)
	first := position.Leftmost(side)
	efirst := position.Leftmost(side.Other())
	enemy := p.Row(side.Other())
	nki := p.NkiMask()
	i := wrap(t) - first // row-local; it faces enemy pit 9-i
	taken := 0
	if fl := position.RowPits - 1 - i; nki>>uint(efirst+fl)&1 == 0 {
		taken = int(enemy>>(6*uint(fl)))&63 + int(passed>>uint(efirst+fl)&1)
	}
	if i == 0 {
		// The bonus: the enemy pits facing our 2nd..4th, row-local 6..8.
		bonus := 0
		for fl := 6; fl <= 8; fl++ {
			c := int(enemy>>(6*uint(fl)))&63 + int(passed>>uint(efirst+fl)&1)
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

// order fills f.keys for picking.
func (w *worker) order(f *frame, ply int, ttMove position.Move, side position.Side) {
	h := &w.history[side]
	k1, k2 := f.killers[0], f.killers[1]
	for i := 0; i < f.n; i++ {
		m := f.moves[i]
		var key int32
		switch {
		case m == ttMove:
			key = orderTT
		case f.gain[i] > 0:
			key = orderCapture + int32(f.gain[i])<<8
		case m == k1:
			key = orderKiller + 1
		case m == k2:
			key = orderKiller
		default:
			key = h[m]
		}
		f.keys[i] = key
	}
}

// pick moves the best remaining move to index i (selection sort, done
// lazily: a cut-off usually comes before the list is sorted).
func (f *frame) pick(i int) {
	// The first index of the largest key, found branch-free: each key is
	// widened with its index inverted in the low byte, so one max keeps the
	// largest key and, among equals, the earliest move (MaxMoves <= 256).
	top := int64(f.keys[i])<<8 | int64(255-i)
	for j := i + 1; j < f.n; j++ {
		top = max(top, int64(f.keys[j])<<8|int64(255-j))
	}
	best := 255 - int(top&255)
	if best != i {
		f.keys[i], f.keys[best] = f.keys[best], f.keys[i]
		f.moves[i], f.moves[best] = f.moves[best], f.moves[i]
		f.gain[i], f.gain[best] = f.gain[best], f.gain[i]
		if f.made[i] || f.made[best] {
			f.kids[i], f.kids[best] = f.kids[best], f.kids[i]
		}
		f.made[i], f.made[best] = f.made[best], f.made[i]
	}
}

// doubled repeats a 20-bit pit mask above itself, so that a cyclic window
// of pits is a plain shifted mask.
func doubled(m uint32) uint64 { return uint64(m) | uint64(m)<<position.NumPits }

// quietMoveExists reports, without sowing, whether the side to move has a
// move whose first lap ends in an empty pit (such a move is always legal).
// False does not mean no legal move: relaying moves are not looked at.
func quietMoveExists(p *position.Position) bool { return quietMoveExistsOcc(p, p.Occupied()) }

// quietMoveExistsOcc is quietMoveExists given occ = p.Occupied().
func quietMoveExistsOcc(p *position.Position, occ uint32) bool {
	first := position.Leftmost(p.Side())
	// Doubling the empty mask makes the cyclic window a plain shift. The
	// windows of all own pits are OR'd by a fixed loop of table loads, no
	// branch on the counts to mispredict.
	e2 := doubled(^occ & (1<<position.NumPits - 1))
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
