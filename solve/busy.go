// Busy marks: the children the solver's threads are searching now, so
// that a thread puts off a child another thread is already proving.

package solve

import (
	"sync/atomic"

	"github.com/kiothi/kiothi/position"
)

// busyMin is the fewest warriors on the board at which a node marks its
// children and puts off the busy ones: below it the marks' cost is near
// a subtree's (measured on testdata/solve-27-30.txt; docs/journal/strength.md,
// "Busy marks in the solver").
const busyMin = 18

const busyBits = 15

// busyTable holds the table keys of the children being searched, one a
// slot (the slot from the mixed key's high bits). A mark may be
// overwritten by another child's or cleared late: then a child is
// searched by two threads at once or put off in vain, which costs time,
// never a value, since the marks only order the search.
type busyTable struct {
	slots [1 << busyBits]atomic.Uint64
}

func (b *busyTable) slot(key uint64) *atomic.Uint64 {
	return &b.slots[position.MixKey(key)>>(64-busyBits)]
}

// has reports whether key is marked.
func (b *busyTable) has(key uint64) bool { return b.slot(key).Load() == key }

// mark marks key, in place of the slot's mark if any.
func (b *busyTable) mark(key uint64) { b.slot(key).Store(key) }

// clear removes key's mark, and leaves another key's alone.
func (b *busyTable) clear(key uint64) { b.slot(key).CompareAndSwap(key, 0) }
