// The opening book as the engine's move source while the game is in book.

package play

import (
	"fmt"

	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Book gives the book move of a position under the game's rules, legal
// there, or false out of book; *book.Player is one.
type Book interface {
	Move(p position.Position, r movegen.Rules) (book.Entry, bool)
}

// bookMove returns the book's move for the current position when there
// is a book, the position is in it and the move is legal here.
func (s *session) bookMove() (book.Entry, bool) {
	if s.cfg.Book == nil {
		return book.Entry{}, false
	}
	return s.cfg.Book.Move(s.game.Current(), s.game.Rules)
}

// bookText says a move is the book's, with its value for the mover,
// named by whose ("Kiothi", "you").
func bookText(e book.Entry, whose string) string {
	sign, v := "+", e.Value
	if v < 0 {
		sign, v = "-", -v
	}
	t := fmt.Sprintf("book move, value %s%d.%02d for %s", sign, v/100, v%100, whose)
	if e.Proven {
		t += ", proven"
	}
	return t
}
