// Move picking for the search: the staged generation of movegen with the
// sowings counted for the clock, ordering keys (TT move, captures by size,
// killers, history) and the lazy selection of the next move.

package search

import (
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

// generate lists the legal moves of p into f (movegen.Staged.Generate).
func (w *worker) generate(f *frame, p *position.Position) int {
	n := f.Generate(p, w.s.rules)
	w.sown += f.Sown
	f.Sown = 0
	return n
}

// generateCaptures lists the captures of p into f and reports whether p
// has a legal move (movegen.Staged.GenerateCaptures; occ is p.Occupied()).
func (w *worker) generateCaptures(f *frame, p *position.Position, occ uint32) (n int, hasMove bool) {
	n, hasMove = f.GenerateCaptures(p, w.s.rules, occ, w.s.params.qsRelays)
	w.sown += f.Sown
	f.Sown = 0
	return n, hasMove
}

// child returns the position after move i of f (movegen.Staged.Child).
func (w *worker) child(f *frame, i int, p *position.Position) (*position.Position, bool) {
	return f.Child(i, p, w.s.rules)
}

// quietMoveExists is movegen.QuietMoveExists for p.
func quietMoveExists(p *position.Position) bool { return movegen.QuietMoveExists(p, p.Occupied()) }

// order fills f.keys for picking.
func (w *worker) order(f *frame, ply int, ttMove position.Move, side position.Side) {
	h := &w.history[side]
	k1, k2 := f.killers[0], f.killers[1]
	for i := 0; i < f.N; i++ {
		m := f.Moves[i]
		var key int32
		switch {
		case m == ttMove:
			key = orderTT
		case f.Gain[i] > 0:
			key = orderCapture + int32(f.Gain[i])<<8
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
	for j := i + 1; j < f.N; j++ {
		top = max(top, int64(f.keys[j])<<8|int64(255-j))
	}
	best := 255 - int(top&255)
	if best != i {
		f.keys[i], f.keys[best] = f.keys[best], f.keys[i]
		f.Moves[i], f.Moves[best] = f.Moves[best], f.Moves[i]
		f.Gain[i], f.Gain[best] = f.Gain[best], f.Gain[i]
		if f.Made[i] || f.Made[best] {
			f.Kids[i], f.Kids[best] = f.Kids[best], f.Kids[i]
		}
		f.Made[i], f.Made[best] = f.Made[best], f.Made[i]
	}
}
