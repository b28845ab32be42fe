// The moves command: every legal move of a position and where it leads,
// or the result when the side to move has none.

package main

import (
	"github.com/kiothi/kiothi/movegen"
	"github.com/spf13/cobra"
)

func newMovesCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "moves POSITION",
		Short: "List the legal moves of a position and the position after each",
		Long: `In play, one line per legal move in board order: "<move> <position after it>".
At the opening (turns 1 and 2), a header line (starting with #) saying what
the numbers count and their total, then one line per source pair with its
number of redistributions: "<pair> <count>".
With no legal move, the game is over: "result <south>-<north>" (the tally
after the sweep), then the winner (south, north or draw), then "one-warrior"
when the margin is exactly two.`,
		Example: `  kiothi moves '0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3.0.1 0-0 s 3'
  kiothi moves startpos`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return movegen.WriteMoves(g.out, args[0], g.rules())
		},
	}
}
