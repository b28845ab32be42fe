// The opening book as the session's move source: when it is consulted.
package ugi

import (
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// RulesChecker is implemented by a Book that knows the rules it was built
// under: the session refuses it (BookFile) or skips it (go, after a
// FreeFirstLap change) when they are not the game's.
type RulesChecker interface {
	Compatible(movegen.Rules) error
}

// bookMove returns the book's move for root when OwnBook is on, the book
// suits the rules and its move is legal.
func (s *Session) bookMove(root position.Position, hist []uint64, rules movegen.Rules) (position.GameMove, bool) {
	if !s.st.ownBook || s.book == nil {
		return position.GameMove{}, false
	}
	if c, ok := s.book.(RulesChecker); ok {
		if err := c.Compatible(rules); err != nil {
			return position.GameMove{}, false
		}
	}
	m, ok := s.book.Probe(root, hist)
	if !ok {
		return position.GameMove{}, false
	}
	if _, err := movegen.Apply(root, m, rules); err != nil {
		return position.GameMove{}, false
	}
	return m, true
}
