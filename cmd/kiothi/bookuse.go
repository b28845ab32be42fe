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
	p, err := book.OpenPlayer(f.path, start, r, f.random, f.seed)
	if err != nil {
		return nil, fmt.Errorf("--book: %v", err)
	}
	return p, nil
}

// addBookFlags declares --book, --book-random and --book-seed.
func addBookFlags(c *cobra.Command, f *bookFlags) {
	settings.Flag(c.Flags(), settings.Book, &f.path, "")
	c.Flags().BoolVar(&f.random, "book-random", false, "draw book moves at random by weight instead of the best")
	c.Flags().Uint64Var(&f.seed, "book-seed", 1, "seed of --book-random (the same seed, the same choices)")
}
