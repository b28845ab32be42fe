// The engine player's opening book (spec settings book= and bookrandom=).

package match

import (
	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// newBookPlayer returns the book player of one game, nil without a book,
// or an error when the book was built under other rules than r. The
// game's seed drives bookrandom, so a match is reproducible.
func newBookPlayer(cfg EngineConfig, seed uint64, r movegen.Rules) (*book.Player, error) {
	if cfg.Book == nil {
		return nil, nil
	}
	if err := cfg.Book.Compatible(book.Variant{Rules: r}); err != nil {
		return nil, err
	}
	return book.NewPlayer(cfg.Book, cfg.BookRandom, seed^0x626f6f6b), nil
}

// bookMove returns the book's move for g's position, if it has a legal
// one.
func (p *EnginePlayer) bookMove(g *movegen.Game) (position.GameMove, bool) {
	if p.bk == nil {
		return position.GameMove{}, false
	}
	e, ok := p.bk.Move(g.Current(), g.Rules)
	return e.Move, ok
}
