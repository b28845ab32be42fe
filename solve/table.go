// The transposition table the solver needs: a small interface, and a
// simple lock-free table that satisfies it.

package solve

import (
	"sync/atomic"
	"unsafe"

	"github.com/kiothi/kiothi/internal/prefetch"
	"github.com/kiothi/kiothi/position"
)

// Entry is what the solver stores for a position: proven bounds on its
// value (Lo <= value <= Hi, relative to the position's own prisons in
// margin mode, see Solver) and the best move found.
type Entry struct {
	Lo, Hi int8
	Move   position.Move
	// Work is log2 of the nodes the bounds cost (a table may prefer to
	// keep costly entries); probes may return it as 0.
	Work int8
}

// Table is the solver's view of a transposition table. Any table with
// these two methods fits (the search's lock-free tt package can be wrapped
// in a few lines: exact game values need no depth, so a bound pair and a
// move is all it stores). Probe and Store may be called from several
// goroutines at once; a table may drop or overwrite entries at will, but
// an entry it returns must be one stored under that key.
type Table interface {
	Probe(key uint64) (Entry, bool)
	Store(key uint64, e Entry)
}

// Prefetcher is a Table that can start loading a key's slot into the
// cache, so that a probe a little later does not wait for memory (the
// solver prefetches each child's slot as it makes the child).
type Prefetcher interface {
	Table
	Prefetch(key uint64)
}

// BatchTable is a Table that also probes several keys at once, so that
// their memory loads overlap (the solver probes every child of a node).
// ProbeBatch sets out[i], found[i] to what Probe(keys[i]) returns.
type BatchTable interface {
	Table
	ProbeBatch(keys []uint64, out []Entry, found []bool)
}

// MemTable is a fixed-size, always-replace table of one atomic word a
// slot: the key's high 32 bits as a check, then the entry (Lo, Hi, Move
// and a used bit), so reads and writes are never torn. The slot index
// comes from a mix of the whole key.
type MemTable struct {
	slots []atomic.Uint64
	shift uint
}

// NewMemTable returns a table of about mb megabytes (at least one slot,
// rounded down to a power of two).
func NewMemTable(mb int) *MemTable {
	n, bits := uint64(1), uint(0)
	for n*2*8 <= uint64(max(mb, 0))<<20 {
		n, bits = n*2, bits+1
	}
	return &MemTable{slots: make([]atomic.Uint64, n), shift: 64 - bits}
}

// slot takes the slot from the mixed key's high bits.
func (t *MemTable) slot(key uint64) *atomic.Uint64 {
	if t.shift == 64 {
		return &t.slots[0]
	}
	return &t.slots[position.MixKey(key)>>t.shift]
}

const usedBit = 1 << 31

func pack(key uint64, e Entry) uint64 {
	return key>>32<<32 | usedBit | uint64(e.Move&0x7FFF)<<16 | uint64(uint8(e.Hi))<<8 | uint64(uint8(e.Lo))
}

func unpack(d uint64) Entry {
	return Entry{Lo: int8(uint8(d)), Hi: int8(uint8(d >> 8)), Move: position.Move(d >> 16 & 0x7FFF)}
}

// Probe returns the entry stored under key.
func (t *MemTable) Probe(key uint64) (Entry, bool) {
	return entryOf(t.slot(key).Load(), key)
}

// entryOf returns the entry in slot word d if it is key's.
func entryOf(d, key uint64) (Entry, bool) {
	if d&usedBit == 0 || d>>32 != key>>32 {
		return Entry{}, false
	}
	return unpack(d), true
}

// Prefetch starts loading key's slot into the cache (Prefetcher).
func (t *MemTable) Prefetch(key uint64) { prefetch.Line(unsafe.Pointer(t.slot(key))) }

// ProbeBatch probes every key: the slots are read in one tight loop first,
// so that the cache misses overlap, then checked.
func (t *MemTable) ProbeBatch(keys []uint64, out []Entry, found []bool) {
	var raw [64]uint64
	n := min(len(keys), len(raw))
	for i, k := range keys[:n] {
		raw[i] = t.slot(k).Load()
	}
	for i, k := range keys[:n] {
		out[i], found[i] = entryOf(raw[i], k)
	}
	for i, k := range keys[n:] {
		out[n+i], found[n+i] = t.Probe(k)
	}
}

// Store writes e under key, merging it with the bounds already stored
// for the same key (both are proven, so their intersection is too).
func (t *MemTable) Store(key uint64, e Entry) {
	if old, ok := t.Probe(key); ok {
		e.Lo, e.Hi = max(e.Lo, old.Lo), min(e.Hi, old.Hi)
		if e.Move == position.NoMove {
			e.Move = old.Move
		}
	}
	t.slot(key).Store(pack(key, e))
}

// Used returns the fraction of slots in use, per mille.
func (t *MemTable) Used() int {
	n := min(len(t.slots), 1000)
	used := 0
	for i := 0; i < n; i++ {
		if t.slots[i].Load()&usedBit != 0 {
			used++
		}
	}
	return used * 1000 / n
}
