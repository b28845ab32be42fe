// The ugi command: the UGI protocol on stdin and stdout.
package main

import (
	"github.com/kiothi/kiothi/ugi"
	"github.com/spf13/cobra"
)

func init() { register(newUGICmd) }

func newUGICmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "ugi",
		Short: "speak the UGI protocol (UCI for any game) on stdin/stdout",
		Long: `Speak the Universal Game Interface on stdin and stdout, as match runners
such as cutegames expect: ugi (or uci), isready, setoption, uginewgame,
position startpos|fen <position> [moves ...], go, stop, query, quit.
See notes/ugi.md for the options and the queries.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			s := ugi.NewSession(g.out, ugi.Config{
				Name:  "Kiothi " + version,
				Rules: g.rules(),
				// OpenBook: set here once the book package exists, to
				// declare OwnBook and BookFile.
			})
			return s.Run(g.in)
		},
	}
}
