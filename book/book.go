// The loaded book: opening, rules checks, probing and picking a move.

package book

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Book is a loaded, checked book. It is read-only and safe for concurrent
// use.
type Book struct {
	rules   Variant
	roots   []position.Position
	keys    []uint64 // sorted, one per entry
	entries []Entry
}

// maxFileBytes bounds a book file read: far above any book kiothi book
// build writes, it bounds the memory a wrong path can take.
const maxFileBytes = 1 << 30

// Open reads and checks a book file.
func Open(path string) (*Book, error) {
	data, err := wholefile.ReadFile(path, maxFileBytes, "a book file")
	if err != nil {
		return nil, err
	}
	b, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("book %s: %v", path, err)
	}
	return b, nil
}

// OpenFor opens a book and refuses it unless it was built under rules r.
func OpenFor(path string, r Variant) (*Book, error) {
	b, err := Open(path)
	if err != nil {
		return nil, err
	}
	if err := b.Compatible(r); err != nil {
		return nil, fmt.Errorf("book %s: %v", path, err)
	}
	return b, nil
}

// Rules returns the rules the book was built under.
func (b *Book) Variant() Variant { return b.rules }

// Compatible returns an error unless the book was built under rules r. A
// Setup of 0 in r accepts any setup (the position decides: other material
// is never found in the book).
func (b *Book) Compatible(r Variant) error {
	if r.Setup != 0 && r.Setup != b.rules.Setup {
		return fmt.Errorf("built for %s, but the game is setup %d", b.rules, r.Setup)
	}
	if r.Rules != b.rules.Rules {
		game := "with the first-lap restriction (no --free-first-lap)"
		if r.Rules.FreeFirstLap {
			game = "variant free-first-lap"
		}
		return fmt.Errorf("built for %s, but the game is played %s", b.rules, game)
	}
	return nil
}

// Roots returns the positions the book's tree grows from.
func (b *Book) Roots() []position.Position { return slices.Clone(b.roots) }

// Len returns the number of records (book moves).
func (b *Book) Len() int { return len(b.entries) }

// span returns the entries of key k: b.entries[lo:hi].
func (b *Book) span(k uint64) (lo, hi int) {
	lo = sort.Search(len(b.keys), func(i int) bool { return b.keys[i] >= k })
	hi = lo
	for hi < len(b.keys) && b.keys[hi] == k {
		hi++
	}
	return lo, hi
}

// Probe returns the book moves of p, best first (value, then weight, then
// count), or nil when p is not in the book.
func (b *Book) Probe(p position.Position) []Entry {
	lo, hi := b.span(p.KeyWithPrisons())
	if lo == hi {
		return nil
	}
	return slices.Clone(b.entries[lo:hi])
}

// Pick chooses a book move for p: the best, or with random set one drawn
// with probability proportional to its weight. Moves of weight 0 are
// never drawn; a move illegal in p (only a key collision could make one)
// is skipped. ok is false when p has no playable book move.
func (b *Book) Pick(p position.Position, rng *rand.Rand, random bool) (m position.GameMove, ok bool) {
	e, ok := b.PickEntry(p, rng, random)
	return e.Move, ok
}

// PickEntry is Pick returning the whole entry (to report the book move's
// value, weight and depth).
func (b *Book) PickEntry(p position.Position, rng *rand.Rand, random bool) (Entry, bool) {
	var cands []Entry
	for _, e := range b.Probe(p) {
		if e.Weight == 0 {
			continue
		}
		if _, err := movegen.Apply(p, e.Move, b.rules.Rules); err != nil {
			continue
		}
		cands = append(cands, e)
	}
	if len(cands) == 0 {
		return Entry{}, false
	}
	if !random || rng == nil {
		return cands[0], true
	}
	total := 0
	for _, e := range cands {
		total += e.Weight
	}
	x := rng.IntN(total)
	for _, e := range cands {
		if x < e.Weight {
			return e, true
		}
		x -= e.Weight
	}
	return cands[len(cands)-1], true
}
