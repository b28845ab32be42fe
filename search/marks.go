// Busy marks (ABDADA-style, as Stockfish's breadcrumbs): with several
// threads, each marks the positions it is searching near the root, and a
// thread that reaches a position another thread has marked reduces its
// late moves by one ply more there, so that the threads spend less on the
// same subtree. On with params.smpMarks and more than one thread.

package search

import (
	"sync/atomic"

	"github.com/kiothi/kiothi/position"
)

// Marks are kept for positions at plies 1 to markPlies-1, in a table of
// markSlots slots indexed by the key's low bits.
const (
	markPlies = 8
	markSlots = 1024
)

// markSlot is a marked position: its key and its thread's id + 1 (0: free).
type markSlot struct {
	key   atomic.Uint64
	owner atomic.Int32
}

// marks is the table the threads of one engine share.
type marks [markSlots]markSlot

// search is node, with the position marked while this thread searches it
// near the root and the frame told whether another thread marked it first.
func (w *worker) search(p *position.Position, alpha, beta, depth, ply int, pvNode bool) int {
	s := w.s
	if s.marks == nil || depth <= 0 || ply < 1 || ply >= markPlies {
		return w.node(p, alpha, beta, depth, ply, pvNode)
	}
	key := w.keys[ply]
	slot := &s.marks[key&(markSlots-1)]
	me := int32(w.id + 1)
	owned, busy := false, false
	switch o := slot.owner.Load(); {
	case o == 0:
		if slot.owner.CompareAndSwap(0, me) {
			slot.key.Store(key)
			owned = true
		}
	case o != me:
		busy = slot.key.Load() == key
	}
	w.stack[ply].busy = busy
	v := w.node(p, alpha, beta, depth, ply, pvNode)
	if owned {
		slot.owner.Store(0)
	}
	return v
}
