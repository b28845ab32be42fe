// Opening books as the engine's move source for ugi, analyse and play.

package main

import (
	"fmt"

	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/cobra"
)

// bookFlags are the book settings of a command: --book, --book-random and
// --book-seed.
type bookFlags struct {
	path   string
	random bool
	seed   uint64
}

// open loads the book for games from start under rules r; nil when no
// book was asked for. The error names the file and what is wrong.
func (f bookFlags) open(start position.Position, r movegen.Rules) (*book.Player, error) {
	if f.path == "" {
		return nil, nil
	}
	b, err := book.OpenFor(f.path, book.Variant{Setup: book.SetupOf(&start), Rules: r})
	if err != nil {
		return nil, fmt.Errorf("--book: %v", err)
	}
	return book.NewPlayer(b, f.random, f.seed), nil
}

// ugiBook is a book player as the UGI session's Book; Compatible lets
// the session refuse a book built under other rules.
type ugiBook struct{ *book.Player }

func (b ugiBook) Compatible(r movegen.Rules) error {
	return b.Book().Compatible(book.Variant{Rules: r})
}

// addBookFlags declares --book, --book-random and --book-seed.
func addBookFlags(c *cobra.Command, f *bookFlags) {
	settings.Flag(c.Flags(), settings.Book, &f.path, "")
	c.Flags().BoolVar(&f.random, "book-random", false, "draw book moves at random by weight instead of the best")
	c.Flags().Uint64Var(&f.seed, "book-seed", 1, "seed of --book-random (the same seed, the same choices)")
}
