// Player: a book as the engine's move source (the shape protocol sessions
// ask for: a move for the game so far, or none).

package book

import (
	"math/rand/v2"
	"sync"

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

// Probe returns the book move for root, or false when root is out of book.
// history is accepted for the protocol's interface and not used: a book
// move never repeats a position three times within the opening plies a
// book covers, and the session checks the move's legality.
func (p *Player) Probe(root position.Position, history []uint64) (position.GameMove, bool) {
	e, ok := p.Entry(root)
	return e.Move, ok
}

// Entry is Probe returning the whole entry, to report the book move.
func (p *Player) Entry(root position.Position) (Entry, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.book.PickEntry(root, p.rng, p.random)
}
