// Tests of the shipped book (testdata/book.kbk, built by make book) with
// the real search: its redistributions beat random ones.

package book

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

const shippedBook = "../testdata/book.kbk"

// shippedDepth is the depth of the searches that judge redistributions:
// a search of North's reply at turn 2 is an opening search, the costliest.
const shippedDepth = 1

func TestShippedBookBeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("searches; not in -short")
	}
	b, err := OpenFor(shippedBook, Variant{Setup: 30})
	if err != nil {
		t.Fatal(err)
	}
	start := position.Start(30)
	best, ok := b.Pick(start, nil, false)
	if !ok {
		t.Fatal("no book move at the start")
	}
	eng, err := search.NewEngine(search.Options{Threads: 1, HashMB: 16, Objective: movegen.Margin, Multiplier: 2})
	if err != nil {
		t.Fatal(err)
	}
	// South's value of a redistribution: minus North's searched score.
	value := func(m position.OpeningMove) int {
		q, err := movegen.MakeOpening(start, m)
		if err != nil {
			t.Fatal(err)
		}
		eng.NewGame()
		r := eng.Search(context.Background(), q, nil, search.Limits{Depth: shippedDepth}, nil)
		return -r.Score
	}
	bookValue := value(best.Opening)
	rng := rand.New(rand.NewPCG(6, 6))
	const n = 12
	sum, alike := 0, true
	for range n {
		v := value(movegen.ScatterOpening(&start, rng))
		sum += v
		alike = alike && v == bookValue
	}
	// A search that scores every redistribution alike (a broken or
	// constant evaluation) cannot tell the book from chance: that fails.
	if alike {
		t.Fatalf("the search scores the book's %s and %d random redistributions alike (%d): the evaluation does not judge them", best, n, bookValue)
	}
	mean := float64(sum) / n
	t.Logf("book redistribution %s is worth %d, %d random ones %.0f on average (search depth %d)", best, bookValue, n, mean, shippedDepth)
	if float64(bookValue) <= mean {
		t.Fatalf("book redistribution %s is worth %d, random ones %.0f on average", best, bookValue, mean)
	}
}
