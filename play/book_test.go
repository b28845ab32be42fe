// Tests of the engine playing from a book: the book's move, said to be
// one; out of book the search answers. (That a book never offers an illegal
// move is book.Player.Move's contract, tested in package book.)

package play

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// mapBook is a book of fixed entries by position string.
type mapBook map[string]book.Entry

func (b mapBook) Move(p position.Position, _ movegen.Rules) (book.Entry, bool) {
	e, ok := b[p.String()]
	return e, ok
}

func TestBookMoves(t *testing.T) {
	start := position.Start(30)
	om, _ := position.ParseOpeningMove("ij:a3b2F5")
	for _, tc := range []struct {
		name string
		e    book.Entry
		want string
	}{
		{"legal", book.Entry{Move: position.Redistribute(om), Value: -150, Weight: 9}, "Kiothi (South) plays ij:a3b2F5 (book move, value -1.50 for Kiothi)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			cfg, _ := fakeConfig("hint\nquit\n", &out)
			cfg.Human = position.North
			books := mapBook{start.String(): tc.e}
			// North's book reply, offered as the person's hint.
			reply, _ := position.ParseOpeningMove("IJ:A10")
			if after, err := movegen.Apply(start, tc.e.Move, movegen.Rules{}); err == nil {
				books[after.String()] = book.Entry{Move: position.Redistribute(reply), Value: 150}
			}
			cfg.Book = books
			if err := Run(cfg); err != nil {
				t.Fatal(err)
			}
			if tc.name == "legal" && !strings.Contains(out.String(), "hint: IJ:A10 (book move, value +1.50") {
				t.Errorf("hint is not the book's:\n%s", out.String())
			}
			if !strings.Contains(out.String(), tc.want) {
				t.Errorf("%s: output lacks %q:\n%s", tc.name, tc.want, out.String())
			}
		})
	}
}
