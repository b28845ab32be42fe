// The opening book as the session's move source: when it is consulted.

package ugi

import (
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// RulesChecker is implemented by a Book that knows the rules it was built
// under: the session skips it when they are not the game's, and says so at
// isready. The check is made when the book is used, not when BookFile is
// set, because options arrive in any order.
type RulesChecker interface {
	Compatible(movegen.Rules) error
}

// bookMove returns the book's move for root when OwnBook is on, the book
// suits the rules and its move is legal.
func (s *Session) bookMove(root position.Position, hist []uint64, rules movegen.Rules) (position.GameMove, bool) {
	if !s.st.OwnBook || s.book == nil || s.bookUnsuited(rules) != nil {
		return position.GameMove{}, false
	}
	return s.book.Probe(root, hist, rules)
}

// bookUnsuited returns why the book in use does not suit rules, or nil
// (also when no book is in use).
func (s *Session) bookUnsuited(rules movegen.Rules) error {
	if !s.st.OwnBook || s.book == nil {
		return nil
	}
	if c, ok := s.book.(RulesChecker); ok {
		return c.Compatible(rules)
	}
	return nil
}
