// The moves listing of kiothi moves: every legal move of a position and where it leads, or the result when there is none.

package movegen

import (
	"fmt"
	"io"

	"github.com/kiothi/kiothi/position"
)

// MovesHeader opens the opening's list: what its numbers count.
const MovesHeader = "# pair: the two pits lifted; count: its redistributions (the ways to drop the lifted warriors into the 20 pits); in all"

// WriteMoves writes the legal moves of the position start names
// (position.ParseStart) to w: in play one line a move in
// board order, "<move> <position after it>"; at the opening MovesHeader
// with the total, then "<pair> <count>" for each source pair; with no
// legal move "result <south>-<north>", the winner, and "one-warrior"
// when the margin is exactly two.
func WriteMoves(w io.Writer, start string, r Rules) error {
	p, err := position.ParseStart(start)
	if err != nil {
		return err
	}
	switch {
	case !HasMove(&p, r):
		o := NoMoveOutcome(&p)
		fmt.Fprintf(w, "result %d-%d\n%s\n", o.South, o.North, o.Winner())
		if o.OneWarrior() {
			fmt.Fprintln(w, "one-warrior")
		}
	case p.Phase() != position.Play:
		var lines []string
		total := uint64(0)
		ForEachPair(&p, func(i, j, lifted int) {
			n := CountPair(lifted)
			total += n
			lines = append(lines, fmt.Sprintf("%s %d", position.PairString(i, j), n))
		})
		fmt.Fprintf(w, "%s %d redistributions\n", MovesHeader, total)
		for _, l := range lines {
			fmt.Fprintln(w, l)
		}
	default:
		var list MoveList
		n := Generate(&p, r, &list)
		for _, m := range list[:n] {
			q, s := MakeMove(p, m, r)
			if s != Legal { // cannot happen: Generate lists legal moves only
				return fmt.Errorf("internal error: generated move %s is %s", m, s)
			}
			fmt.Fprintf(w, "%s %s\n", m, q)
		}
	}
	return nil
}
