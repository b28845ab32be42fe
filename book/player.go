// Player: a book as the engine's move source (the shape protocol sessions
// ask for: a move for the game so far, or none).

package book

import (
	"math/rand/v2"
	"sync"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Player picks book moves for games: the best, or weighted at random. It
// is safe for concurrent use.
type Player struct {
	book   *Book
	random bool
	mu     sync.Mutex
	rng    *rand.Rand
}

// NewPlayer returns a player of b. With random set it draws moves by
// weight from a generator seeded with seed (reproducible games).
func NewPlayer(b *Book, random bool, seed uint64) *Player {
	return &Player{book: b, random: random, rng: rand.New(rand.NewPCG(seed, 0x6b696f746869))}
}

// Book returns the player's book.
func (p *Player) Book() *Book { return p.book }

// Compatible reports whether the book was built under rules r (the UGI
// session asks, as its rules may change after the book is loaded).
func (p *Player) Compatible(r movegen.Rules) error { return p.book.Compatible(Variant{Rules: r}) }

// OpenPlayer loads the book at path for games from start under rules r
// (OpenFor) and returns its player (NewPlayer).
func OpenPlayer(path string, start position.Position, r movegen.Rules, random bool, seed uint64) (*Player, error) {
	b, err := OpenFor(path, Variant{Setup: SetupOf(&start), Rules: r})
	if err != nil {
		return nil, err
	}
	return NewPlayer(b, random, seed), nil
}

// Move returns the book's entry for pos under rules r, or false when the
// book was built under other rules or pos has no legal book move (PickEntry
// skips a move that is illegal in pos). It is the one "probe the book, then
// check the move" step of every front end (ugi, play, match, analyse).
func (p *Player) Move(pos position.Position, r movegen.Rules) (Entry, bool) {
	if p.book.rules.Rules != r {
		return Entry{}, false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.book.PickEntry(pos, p.rng, p.random)
}

// Probe is Move in the shape protocol sessions ask for: the move alone.
// history is accepted for that interface and not used: a book move never
// repeats a position three times within the opening plies a book covers.
func (p *Player) Probe(root position.Position, history []uint64, r movegen.Rules) (position.GameMove, bool) {
	e, ok := p.Move(root, r)
	return e.Move, ok
}
