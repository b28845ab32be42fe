// The show command: play moves from a position and draw the board.

package main

import (
	"github.com/kiothi/kiothi/movegen"
	"github.com/spf13/cobra"
)

func newShowCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "show POSITION [MOVE...]",
		Short: "Play moves from a position and draw the board",
		Long: `Show applies the moves in order (opening moves such as ij:a3b2F5 at turns 1
and 2, play moves such as e5 or C12 after), refusing an illegal one with the
reason, then draws the board: North's row J..A above South's row a..j, so
that facing pits share a column; '*' marks an nki pit. The last line is the
position string.`,
		Example: `  kiothi show startpos
  kiothi show startpos ij:a3b2F5 IJ:a5e5 a3`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return movegen.WriteShow(g.out, args[0], g.rules(), args[1:])
		},
	}
}
