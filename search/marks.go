// Busy marks in the search (the table: internal/busy): with several
// threads, each marks the positions it is searching near the root, and a
// thread that reaches a position another thread has marked reduces its
// late moves by one ply more there, so that the threads spend less on the
// same subtree. On with params.smpMarks and more than one thread.

package search

import (
	"github.com/kiothi/kiothi/internal/busy"
	"github.com/kiothi/kiothi/position"
)

// Marks are kept for positions at plies 1 to markPlies-1, in a table of
// 1<<markBits slots.
const (
	markPlies = 8
	markBits  = 10
)

// newMarks is the table the threads of one engine share.
func newMarks() *busy.Table { return busy.New(markBits) }

// search is node, with the position marked while this thread searches it
// near the root and the frame told whether another thread marked it first.
func (w *worker) search(p *position.Position, alpha, beta, depth, ply int, pvNode bool) int {
	s := w.s
	if s.marks == nil || depth <= 0 || ply < 1 || ply >= markPlies {
		return w.node(p, alpha, beta, depth, ply, pvNode)
	}
	key := w.keys[ply]
	me := int32(w.id + 1)
	held := s.marks.Held(key, me)
	owned := !held && s.marks.Mark(key, me)
	w.stack[ply].busy = held
	v := w.node(p, alpha, beta, depth, ply, pvNode)
	if owned {
		s.marks.Clear(key)
	}
	return v
}
