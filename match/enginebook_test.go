// Tests of the engine spec's book settings: parsing, the book's move in
// book, and a book of other rules refused.

package match

import (
	"context"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

const testBook = "../testdata/book.kbk"

func TestEngineBook(t *testing.T) {
	b, err := book.Open(testBook)
	if err != nil {
		t.Fatal(err)
	}
	start := position.Start(30)
	entries := b.Probe(start)
	if len(entries) == 0 {
		t.Fatal("startpos not in the test book")
	}
	f, err := ParseSpec("engine:depth=1,book=" + testBook)
	if err != nil {
		t.Fatal(err)
	}
	p, err := f.New(1, movegen.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	g := movegen.NewGame(start, movegen.Rules{})
	m, err := p.Move(context.Background(), g, 0)
	if err != nil {
		t.Fatal(err)
	}
	if m != entries[0].Move {
		t.Errorf("move %s, want the book's best %s", m, entries[0].Move)
	}
	// Out of book (a play position): the engine's own legal move.
	q, _ := position.Parse("0.0.24*.1.1*.0.1.1*.2.0/1.0.0.1*.2*.1.0.2.0.0 11-3 s 42")
	g = movegen.NewGame(q, movegen.Rules{})
	if m, err = p.Move(context.Background(), g, 0); err != nil {
		t.Fatal(err)
	} else if _, err := movegen.Apply(q, m, movegen.Rules{}); err != nil {
		t.Errorf("out of book: %s: %v", m, err)
	}
	// bookrandom=1: book moves, reproducible by seed.
	f, err = ParseSpec("engine:depth=1,bookrandom=1,book=" + testBook)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 8; seed++ {
		var got [2]position.GameMove
		for k := range got {
			p, _ := f.New(seed, movegen.Rules{})
			got[k], err = p.Move(context.Background(), movegen.NewGame(start, movegen.Rules{}), 0)
			if err != nil {
				t.Fatal(err)
			}
		}
		if got[0] != got[1] {
			t.Errorf("seed %d: %s then %s", seed, got[0], got[1])
		}
		found := false
		for _, e := range entries {
			found = found || e.Move == got[0]
		}
		if !found {
			t.Errorf("seed %d: %s is not a book move", seed, got[0])
		}
	}
	if _, err := f.New(1, movegen.Rules{FreeFirstLap: true}); err == nil || !strings.Contains(err.Error(), "free-first-lap") {
		t.Errorf("book of other rules: error %v", err)
	}
	for _, bad := range []string{"engine:book=", "engine:book=/no/such.kbk", "engine:bookrandom=yes"} {
		if _, err := ParseSpec(bad); err == nil || !strings.Contains(err.Error(), "book") {
			t.Errorf("%s: error %v", bad, err)
		}
	}
}

// FuzzParseSpecBook fuzzes engine specs with the book settings: an error
// or a factory, never a panic.
func FuzzParseSpecBook(f *testing.F) {
	for _, s := range []string{"engine:book=" + testBook, "engine:book=" + testBook + ",bookrandom=1", "engine:bookrandom=true",
		"engine:book=,bookrandom=0", "engine:book=" + testBook + ",book=" + testBook, "engine:book=../testdata"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fac, err := ParseSpec(s)
		if err == nil && fac.New == nil {
			t.Fatalf("%q: no constructor", s)
		}
	})
}
