// The moves command: every legal move of a position and where it leads,
// or the result when the side to move has none.

package main

import (
	"fmt"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/spf13/cobra"
)

// movesHeader opens the opening's list: what its numbers count.
const movesHeader = "# pair: the two pits lifted; count: its redistributions (the ways to drop the lifted warriors into the 20 pits); in all"

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
			p, err := parsePosition(args[0])
			if err != nil {
				return err
			}
			r := g.rules()
			switch {
			case !movegen.HasMove(&p, r):
				o := movegen.NoMoveOutcome(&p)
				fmt.Fprintf(g.out, "result %d-%d\n%s\n", o.South, o.North, o.Winner())
				if o.OneWarrior() {
					fmt.Fprintln(g.out, "one-warrior")
				}
			case p.Phase() != position.Play:
				var lines []string
				total := uint64(0)
				movegen.ForEachPair(&p, func(i, j, lifted int) {
					n := movegen.CountPair(lifted)
					total += n
					lines = append(lines, fmt.Sprintf("%s %d", position.PairString(i, j), n))
				})
				fmt.Fprintf(g.out, "%s %d redistributions\n", movesHeader, total)
				for _, l := range lines {
					fmt.Fprintln(g.out, l)
				}
			default:
				var list movegen.MoveList
				n := movegen.Generate(&p, r, &list)
				for _, m := range list[:n] {
					q, s := movegen.MakeMove(p, m, r)
					if s != movegen.Legal { // cannot happen: Generate lists legal moves only
						return fmt.Errorf("internal error: generated move %s is %s", m, s)
					}
					fmt.Fprintf(g.out, "%s %s\n", m, q)
				}
			}
			return nil
		},
	}
}
