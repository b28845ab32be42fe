// Relay sowing: the lap-after-lap loop of RULES.md §4, kept in registers.

package position

import (
	"math/bits"
	"unsafe"
)

// mod20[i] = i % 20 for the landing pit of a lap (start + n - 1 <= 82).
var mod20 [128]uint8 // 128, not 83, so a masked index needs no bounds check

// pitField locates pit i without a branch on its row: sel is all ones for
// a North pit (choose rows[1]) and shift is the field's bit offset.
type pitField struct {
	sel   uint64
	shift uint8
}

// fields[i] describes pit i % 20, for i up to 127 (indexed with &127, so
// without a bounds check).
var fields [128]pitField

func init() {
	for i := range mod20 {
		mod20[i] = uint8(i % NumPits)
	}
	for i := range fields {
		pit := i % NumPits
		fields[i].shift = fieldBits * uint8(pit%RowPits)
		if pit >= RowPits {
			fields[i].sel = ^uint64(0)
		}
	}
}

// A relay lap is decided by two numbers, the pit L it lifts and the hand n
// it lifts there (everything that pit holds), so every possible lap is
// precomputed in relayTab, indexed by the lap's Move, L | n<<5. An entry
// is three words:
//
//   - [1], [2]: the whole lap as one signed add per row (-n at L, n/20 at
//     every pit, one more at the next n%20 pits). Packed fields add as one
//     integer, borrows and carries included, as long as every field ends
//     in 0..63, and a count never exceeds 63.
//   - [0], the step: where the lap lands and how to read that pit's new
//     count from the rows as they were BEFORE the lap, so that reading the
//     next hand does not wait for the lap's adds: the critical path of a
//     lap is one table load, a shift and an add.
//
// This replaces a division, a row selection with masks, a clear and a table
// of partial laps (about 70 instructions a lap) with about 15. The step's
// bits:
//
//	bits  0..15  the landing pit
//	bits 16..23  s0, bits 24..31 s1: the landing pit's field is the low six
//	             bits of w0>>s0 | w1>>s1 (a row's bits 60..63 are zero, so
//	             the row not holding the pit is shifted out by 60)
//	bits 32..39  for relay_amd64.s: a right rotation of the pit's row that
//	             brings its field to bits 5..10 (the count times 32, as a
//	             lap index wants it), and bit 40 set if that row is North's
//	             (the assembly selects the row with a conditional move)
//	bits 48..63  inc<<5: the landing count is (field + inc) mod 64, inc
//	             being q+1, or q-n mod 64 when the lap ends where it started
//
// A lap index is at most 19|63<<5 = 2035.
var relayTab [relayIndexMask + 1][3]uint64

// relayIndexMask bounds a lap index for the compiler.
const relayIndexMask = 2047

func init() {
	for l := 0; l < NumPits; l++ {
		for n := 0; n <= MaxTotal; n++ {
			q, r := n/NumPits, n%NumPits
			var d [2]uint64
			for i := 0; i < NumPits; i++ {
				k := uint64(q)
				if c := (i - l + NumPits) % NumPits; c >= 1 && c <= r {
					k++ // the r pits after l take one more
				}
				if i == l {
					k -= uint64(n)
				}
				d[i/RowPits] += k << (fieldBits * uint(i%RowPits))
			}
			last := (l + n) % NumPits
			inc := q + 1
			if r == 0 {
				inc = (q - n) & fieldMask
			}
			s0, s1 := 60, 60
			if last < RowPits {
				s0 = fieldBits * last
			} else {
				s1 = fieldBits * (last - RowPits)
			}
			rot := (fieldBits*(last%RowPits) - 5) & 63
			st := last | s0<<16 | s1<<24 | rot<<32 | last/RowPits<<40 | inc<<53
			relayTab[l|n<<5] = [3]uint64{uint64(st), d[0], d[1]}
		}
	}
}

// relayLap sows lap i (a Move: pit | hand<<5) on bare rows and returns
// the rows and the lap of the landing pit (its pit | its count<<5; a count
// under 2 means the lap ended in an empty pit).
func relayLap(w0, w1 uint64, i int) (uint64, uint64, int) {
	e := &relayTab[i&relayIndexMask]
	st := e[0]
	n := ((w0>>(st>>16&63) | w1>>(st>>24&63)) + st>>53) & fieldMask
	return w0 + e[1], w1 + e[2], int(st&0xFFFF | n<<5)
}

// pitCount reads pit last's count from bare rows.
func pitCount(w0, w1 uint64, last int) uint64 {
	f := fields[last&127]
	return (w0 ^ (w0^w1)&f.sel) >> (f.shift & 63) & fieldMask
}

// sowLaps lifts landing pit last and sows its hand from the next pit, lap
// after lap, for at most k laps or until a lap ends in an empty pit. It
// returns the rows, the landing pit, the pits lifted, the laps sown and
// whether the sowing ended, and the key change of its laps. (See relayTab
// for the lap.)
func sowLaps(w0, w1 uint64, last, k int) (uint64, uint64, int, uint32, int, bool, uint64) {
	var lifted uint32
	var key uint64
	i := last | int(pitCount(w0, w1, last))<<5
	for done := 1; done <= k; done++ {
		lifted |= 1 << (uint(i) & 31)
		key += relayKey[i&relayIndexMask]
		w0, w1, i = relayLap(w0, w1, i)
		if i < 2<<5 {
			return w0, w1, i & 31, lifted, done, true, key
		}
	}
	return w0, w1, i & 31, lifted, k, false, key
}

// relayKey[i] is the key change of relay lap i (a Move, as relayTab): the
// sum over pits of the lap's delta there times zPit. zobrist.go's init
// fills it, once zPit is drawn.
var relayKey [relayIndexMask + 1]uint64

func initRelayKeys() {
	for i := range relayKey {
		l, n := i&31, i>>5
		if l >= NumPits || n > MaxTotal {
			continue
		}
		q, r := n/NumPits, n%NumPits
		var k uint64
		for j := 0; j < NumPits; j++ {
			d := uint64(q)
			if c := (j - l + NumPits) % NumPits; c >= 1 && c <= r {
				d++
			}
			if j == l {
				d -= uint64(n)
			}
			k += d * zPit[j]
		}
		relayKey[i] = k
	}
}

// chunkLaps is how many laps relayRows sows between cycle checks: nearly
// every sowing ends within the first chunk and never pays for a check. A
// chain of relayLanes still going after chunkLaps laps goes to relayRows.
const chunkLaps = 64

// relayRows is the relay loop on bare rows: starting with a lap that ended
// in occupied pit last after laps laps, it relays until a lap ends in an
// empty pit or limit laps have been sown. It returns the rows, the last
// landing pit, the mask of pits lifted and whether the sowing ended.
//
// A repeated state (rows and relay pit) proves the sowing endless and stops
// it early. States are compared between chunks of chunkLaps laps: the
// chunk map is as deterministic as the lap, so a cycle of laps is a cycle
// of chunks, and comparing with the state saved at each power-of-two chunk
// finds it within twice its length (Brent's idea).
func relayRows(w0, w1 uint64, last, laps, limit int) (uint64, uint64, int, uint32, bool, uint64) {
	var lifted uint32
	var key uint64
	save0, save1, savePit := w0, w1, last
	for chunk := 1; laps < limit; chunk++ {
		l, done, ended, k := uint32(0), 0, false, uint64(0)
		w0, w1, last, l, done, ended, k = sowLaps(w0, w1, last, min(chunkLaps, limit-laps))
		lifted |= l
		key += k
		laps += done
		if ended {
			return w0, w1, last, lifted, true, key
		}
		if w0 == save0 && w1 == save1 && last == savePit {
			break
		}
		if chunk&(chunk-1) == 0 {
			save0, save1, savePit = w0, w1, last
		}
	}
	return w0, w1, last, lifted, false, key
}

// SowFirstLap lifts n warriors (1 <= n <= Count(pit)) from pit, clearing
// its nki mark, and sows the first lap from the next pit on, keeping the
// key in step: Lift and Lap in one relay-table step. It returns the pit
// that took the last warrior and whether it was occupied before.
func (p *Position) SowFirstLap(pit, n int) (last int, occupied bool) {
	if wholeRounds>>(uint(n)&63)&1 != 0 {
		// The lap ends on pit itself, where the table assumes it emptied.
		p.Lift(pit, n)
		last = p.Lap((pit+1)%NumPits, n)
		return last, p.Count(last) >= 2
	}
	i := pit | n<<5 // the table's delta takes n from pit, whatever it held
	p.clearNki(pit)
	p.key += relayKey[i&relayIndexMask]
	w0, w1, j := relayLap(p.rows[0], p.rows[1], i)
	p.rows[0], p.rows[1] = w0, w1
	return j & 31, j >= 2<<5
}

// Relay continues a sowing whose lap ended in occupied pit last, lap after
// lap (each relay lifts its pit and clears its nki mark), until a lap ends
// in an empty pit, which it returns with true. laps is the number of laps
// already sown; if the sowing has not ended after limit laps in all, or
// provably never ends, it returns false and leaves p unspecified.
func (p *Position) Relay(last, laps, limit int) (int, bool) {
	w0, w1, last, lifted, ok, key := relayRows(p.rows[0], p.rows[1], last, laps, limit)
	p.rows[0], p.rows[1] = w0, w1
	p.key += key // each lap's key change is in relayKey
	if cleared := p.flags & lifted; cleared != 0 {
		p.flags &^= cleared
		for ; cleared != 0; cleared &= cleared - 1 {
			p.key -= zNki[bits.TrailingZeros32(cleared)]
		}
	}
	return last, ok
}

// SowEnds reports whether lifting n from pit, whose first lap ends in an
// occupied pit, ends within limit laps. It works on a copy of the rows
// alone (no key, no marks): the cheapest legality test of a relaying move.
func (p *Position) SowEnds(pit, n, limit int) bool {
	f := fields[pit&127]
	w0, w1 := p.rows[0], p.rows[1]
	lift := uint64(n) << (f.shift & 63)
	w0 -= lift &^ f.sel
	w1 -= lift & f.sel
	q, r := n/NumPits, n%NumPits
	add := &lapAdd[(pit+1)&31][r&31] // the lap starts after the lifted pit
	w0 += uint64(q)*rowOnes + add[0]
	w1 += uint64(q)*rowOnes + add[1]
	_, _, _, _, ok, _ := relayRows(w0, w1, int(mod20[(pit+n)&127]), 1, limit)
	return ok
}

// SowEndsMany returns how many of the moves (pits[k], counts[k]), each
// of whose first lap ends in an occupied pit, end within limit laps.
func (p *Position) SowEndsMany(pits, counts []int8, limit int) int {
	var moves [relayBatch]Move
	ended := 0
	for len(pits) > 0 {
		k := min(len(pits), relayBatch)
		for j := range k {
			moves[j] = NewMove(int(pits[j]), int(counts[j]))
		}
		ended += p.SowEndsMoves(moves[:k], limit)
		pits, counts = pits[k:], counts[k:]
	}
	return ended
}

// relayBatch is how many moves relayLanes takes at a time (a row's moves
// number at most 63, so CountMoves makes one batch).
const relayBatch = 64

// SowEndsMoves returns how many of the play moves, each of whose first lap
// ends in an occupied pit, end within limit laps.
//
// The first lap of lifting n < 20 from a pit is a relay-table lap too (the
// table's delta takes n from the pit, whatever it held), and the table is
// indexed by the Move itself, so relayLanes sows the moves as they are. A
// hand of whole rounds (20, 40, 60) would end its first lap on its own pit,
// where the table's landing count assumes the pit emptied: SowEnds takes
// those. A move with a pit or hand out of range (no legal move has one)
// gives an unspecified count, never a fault: lap indexes are masked into
// the table.
func (p *Position) SowEndsMoves(moves []Move, limit int) int {
	ended := 0
	for len(moves) > 0 {
		k := min(len(moves), relayBatch)
		batch := moves[:k]
		moves = moves[k:]
		rounds := uint64(0)
		for _, m := range batch {
			rounds |= wholeRounds >> (uint(m.Count()) & 63)
		}
		if rounds&1 != 0 {
			var rest [relayBatch]Move
			n := 0
			for _, m := range batch {
				if wholeRounds>>(uint(m.Count())&63)&1 == 0 {
					rest[n&(relayBatch-1)] = m
					n++
				} else if p.SowEnds(m.Pit(), m.Count(), limit) {
					ended++
				}
			}
			batch = rest[:n]
		}
		ended += p.sowRelays(batch, limit)
	}
	return ended
}

// sowRelays is SowEndsMoves for at most relayBatch moves of hands that
// are not whole rounds.
func (p *Position) sowRelays(moves []Move, limit int) int {
	if len(moves) == 0 {
		return 0
	}
	ended := 0
	var long uint64 // moves still going after chunkLaps laps
	if limit >= chunkLaps {
		ended, long = relayLanes(p.rows[0], p.rows[1], (*uint16)(&moves[0]), len(moves))
	} else {
		// relayLanes sows chunkLaps laps before it gives up on a chain.
		long = uint64(1)<<uint(len(moves)) - 1
	}
	// Long chains (rare) are sown again from the start, to the limit.
	for ; long != 0; long &= long - 1 {
		m := moves[bits.TrailingZeros64(long)&(relayBatch-1)]
		w0, w1, i := relayLap(p.rows[0], p.rows[1], int(m))
		if i < 2<<5 {
			ended++
		} else if _, _, _, _, ok, _ := relayRows(w0, w1, i&31, 1, limit); ok {
			ended++
		}
	}
	return ended
}

// wholeRounds has bit n set for the hands n = 20, 40, 60.
const wholeRounds = 1<<NumPits | 1<<(2*NumPits) | 1<<(3*NumPits)

// relayLanesGo sows the moves laps[:n] (n <= 64, as Move values, which are
// their first laps' indexes) from rows r0, r1, each until a lap ends in an
// empty pit or it has sown chunkLaps laps. It returns how many ended and a
// mask of the moves (bit k for laps[k]) still going. It is relayLanes' contract in plain Go, one
// chain at a time.
func relayLanesGo(r0, r1 uint64, laps *uint16, n int) (ended int, long uint64) {
	for k, lap := range unsafe.Slice(laps, n) {
		w0, w1, i := r0, r1, int(lap)
		for done := 1; ; done++ {
			if w0, w1, i = relayLap(w0, w1, i); i < 2<<5 {
				ended++
				break
			}
			if done == chunkLaps {
				long |= 1 << (uint(k) & 63)
				break
			}
		}
	}
	return ended, long
}
