// An adapter that lets the solver use the search's transposition table.
package solve

import (
	"math"

	"github.com/kiothi/kiothi/tt"
)

// solverDepth marks the solver's entries in a tt.Table: deeper than any
// search entry, so the table's depth-preferring replacement keeps them and
// a probe can tell them from a search's.
const solverDepth = math.MaxInt8

// SearchTable adapts the search's lock-free tt.Table to the solver's
// Table: the proven bounds travel in the entry's score (Lo) and eval (Hi)
// fields with bound Exact at solverDepth; stores merge with the bounds
// already held for the key, as MemTable's do.
type SearchTable struct{ T *tt.Table }

// NewSearchTable returns a fresh tt.Table of mb megabytes behind the
// adapter.
func NewSearchTable(mb int) (SearchTable, error) {
	t, err := tt.New(mb)
	return SearchTable{t}, err
}

// Probe returns the solver entry stored under key.
func (s SearchTable) Probe(key uint64) (Entry, bool) {
	e, ok := s.T.Probe(key)
	if !ok || e.Depth != solverDepth || e.Bound != tt.Exact {
		return Entry{}, false
	}
	return Entry{Lo: int8(e.Score), Hi: int8(e.Eval), Move: e.Move}, true
}

// Store records e under key.
func (s SearchTable) Store(key uint64, e Entry) {
	if old, ok := s.Probe(key); ok {
		e.Lo, e.Hi = max(e.Lo, old.Lo), min(e.Hi, old.Hi)
	}
	s.T.Store(key, e.Move, int16(e.Lo), int16(e.Hi), solverDepth, tt.Exact)
}
