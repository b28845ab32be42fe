// The ugi command: the UGI protocol on stdin and stdout.

package main

import (
	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/ugi"
	"github.com/spf13/cobra"
)

func newUGICmd(g *globalOptions) *cobra.Command {
	var bf bookFlags
	c := &cobra.Command{
		Use:   "ugi",
		Short: "Speak the UGI protocol (UCI for any game) on stdin and stdout",
		Long: `Speak the Universal Game Interface on stdin and stdout, as match runners
such as cutegames expect: ugi (or uci), isready, setoption, uginewgame,
position startpos|fen <position> [moves ...], go, stop, query, quit.
See docs/ugi.md for the options and the queries.

The options BookFile (a book from 'kiothi book build') and OwnBook (true)
make the engine play book moves while in book, each announced by
"info string book move <m>" before its bestmove. --book-random draws book
moves by weight (seeded by --book-seed) instead of playing the best.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			s := ugi.NewSession(g.out, ugi.Config{
				Name:  "Kiothi " + version,
				Rules: g.rules(),
				// The rules are checked by the session (book.Player.Compatible)
				// against its FreeFirstLap option, which may change later.
				OpenBook: func(path string) (ugi.Book, error) {
					b, err := book.Open(path)
					if err != nil {
						return nil, err
					}
					return book.NewPlayer(b, bf.random, bf.seed), nil
				},
			})
			return s.Run(g.in)
		},
	}
	c.Flags().BoolVar(&bf.random, "book-random", false, "draw book moves at random by weight instead of the best")
	c.Flags().Uint64Var(&bf.seed, "book-seed", 1, "seed of --book-random (the same seed, the same games)")
	return c
}
