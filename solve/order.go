// The move order of the solver's search: captures, table bounds, history and evaluation.

package solve

import (
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// histWeight scales the history in the move order: each doubling of a
// move's history counts a quarter of a reply less left to the opponent
// (below captures, above the table's optimistic bounds; measured on the
// accuracy set, docs/strength.md).
const histWeight = 512

// At nodes of at least evalOrderMin warriors on the board (evalOrderMinDB
// with an endgame database) the children are also ordered by
// Options.Order, evalWeight a centi-warrior: a warrior of evaluation
// counts about as much as one reply fewer left to the opponent, a
// captured warrior far more. Below it the subtrees are too small to
// repay the evaluation; with a database, whose leaves end them sooner,
// smaller still (measured on the accuracy set and
// testdata/solve-27-30.txt, docs/journal/solve.md).
const (
	evalOrderMin   = 14
	evalOrderMinDB = 20
	evalWeight     = 20
)

// addKid appends q, the child of move i (m), that captured gain, to
// kids to be searched, with its table key.
func (w *worker) addKid(kids []child, i int, q *position.Position, m position.Move, gain int) []child {
	ck, coff := w.s.ttKey(q)
	if w.pre != nil {
		w.pre.Prefetch(ck) // the slot arrives while the rest is done
	}
	// Order: the table move, then the biggest capture, then the fewest
	// replies left to the opponent (measured: 30% fewer nodes at 25
	// warriors; counted below, only when needed), then optimistic table
	// bounds and the history.
	w.searchedKid[i] = uint8(len(kids))
	w.keys[len(kids)] = ck
	return append(kids, child{*q, m, gain << 17, coff})
}

// order adds the replies left to the opponent (and, at nodes of many
// warriors, the evaluation) to p's children's scores and sorts them, best
// score first (an insertion sort: few children, and equal scores keep
// generation order).
func (w *worker) order(p *position.Position, kids []child) {
	if len(kids) < 2 {
		return // nothing to order
	}
	o := &w.s.opts
	byEval := p.BoardTotal() >= o.orderMin
	for i := range kids {
		c := &kids[i]
		c.score += 2048 * (movegen.MaxMoves - movegen.CountMoves(&c.pos, o.Rules))
		if byEval {
			c.score -= evalWeight * o.Order.Evaluate(&c.pos)
		}
	}
	for i := 1; i < len(kids); i++ {
		for j := i; j > 0 && kids[j].score > kids[j-1].score; j-- {
			kids[j], kids[j-1] = kids[j-1], kids[j]
		}
	}
}

// probeAll probes the table for w.keys[:n] into w.probed and w.found,
// in one batch when the table can.
func (w *worker) probeAll(n int) {
	if w.batch != nil {
		w.batch.ProbeBatch(w.keys[:n], w.probed[:n], w.found[:n])
		return
	}
	for i, k := range w.keys[:n] {
		w.probed[i], w.found[i] = w.s.opts.Table.Probe(k)
	}
}
