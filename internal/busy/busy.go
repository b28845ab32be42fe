// Package busy holds busy marks: the positions the threads of one search
// are searching now, so that a thread reaching one another thread marked
// puts it off (ABDADA-style, as Stockfish's breadcrumbs). The search
// (search/marks.go) and the solver (solve/search.go) share it.
package busy

import "sync/atomic"

// Table is a fixed set of slots, one mark a slot (the slot from the key's
// hash). A mark is made only in a free slot and cleared only by whoever
// made it; a key whose slot holds another key's mark goes unmarked, and a
// stale key may be read while a mark is being made: a position is then
// searched by two threads at once or put off in vain, which costs time,
// never a value, since the marks only order or shape the search.
// The methods do not allocate.
type Table struct {
	slots []slot
	shift uint // 64 less the bits of the slot index
}

// slot is a mark: its key and its owner (0: free).
type slot struct {
	key   atomic.Uint64
	owner atomic.Int32
}

// New makes a table of 1<<bits slots (bits 1 to 30).
func New(bits int) *Table {
	return &Table{slots: make([]slot, 1<<bits), shift: uint(64 - bits)}
}

// slot is key's slot, from the high bits of a multiplicative hash, so
// that keys whose low bits follow a pattern still spread.
func (t *Table) slot(key uint64) *slot {
	return &t.slots[(key*0x9E3779B97F4A7C15)>>t.shift]
}

// Mark marks key for owner (1 or more) if key's slot is free, and reports
// whether it did; then the caller clears the mark with Clear when done.
func (t *Table) Mark(key uint64, owner int32) bool {
	s := t.slot(key)
	if !s.owner.CompareAndSwap(0, owner) {
		return false
	}
	s.key.Store(key)
	return true
}

// Clear removes the mark Mark made for key.
func (t *Table) Clear(key uint64) { t.slot(key).owner.Store(0) }

// Held reports whether key is marked by an owner other than except; with
// except 0, by any owner (the caller's own marks count as busy).
func (t *Table) Held(key uint64, except int32) bool {
	s := t.slot(key)
	o := s.owner.Load()
	return o != 0 && o != except && s.key.Load() == key
}

// Owner is the owner of key's mark, 0 if key is not marked (for tests
// and diagnostics).
func (t *Table) Owner(key uint64) int32 {
	s := t.slot(key)
	if o := s.owner.Load(); o != 0 && s.key.Load() == key {
		return o
	}
	return 0
}

// Count is the number of marks held (for tests and diagnostics; not
// exact while threads mark and clear).
func (t *Table) Count() int {
	n := 0
	for i := range t.slots {
		if t.slots[i].owner.Load() != 0 {
			n++
		}
	}
	return n
}
