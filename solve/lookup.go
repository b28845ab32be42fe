// Reading a solver's table from outside a solve: the proven bounds on a
// position's value.

package solve

import (
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Lookup returns the bounds on p's value (side to move's view, under obj)
// that a solve with objective obj stored in t, and the best move stored
// with them (position.NoMove if none). ok is false when t holds nothing
// for p. It does not allocate.
func Lookup(t *MemTable, obj movegen.Objective, p *position.Position) (lo, hi int, m position.Move, ok bool) {
	key, off := tableKey(obj, p)
	e, ok := t.Probe(key)
	if !ok {
		return 0, 0, position.NoMove, false
	}
	return int(e.Lo) + off, int(e.Hi) + off, e.Move, true
}
