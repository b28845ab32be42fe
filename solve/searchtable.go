// An adapter that lets the solver use the search's transposition table.

package solve

import (
	"github.com/kiothi/kiothi/tt"
)

// SearchTable adapts the search's lock-free tt.Table to the solver's
// Table: the proven bounds travel in the entry's score (Lo) and eval (Hi)
// fields with bound Exact, and the entry's Work (log2 of the nodes it
// cost) as its depth, so the table's depth-preferring replacement keeps
// the costly entries (measured: half the nodes when the table is small
// for the solve). Stores merge with the bounds already held for the key,
// as MemTable's do. The table must hold solver entries only.
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
	if !ok || e.Bound != tt.Exact {
		return Entry{}, false
	}
	return Entry{Lo: int8(e.Score), Hi: int8(e.Eval), Move: e.Move}, true
}

// Prefetch starts loading key's bucket into the cache (Prefetcher).
func (s SearchTable) Prefetch(key uint64) { s.T.Prefetch(key) }

// Store records e under key.
func (s SearchTable) Store(key uint64, e Entry) {
	if old, ok := s.Probe(key); ok {
		e.Lo, e.Hi = max(e.Lo, old.Lo), min(e.Hi, old.Hi)
	}
	s.T.Store(key, e.Move, int16(e.Lo), int16(e.Hi), e.Work, tt.Exact)
}
