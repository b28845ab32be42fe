// The end of a game: the sweep, the tally, the winner, one-warrior wins.

package play

import (
	"fmt"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func (s *session) report(o movegen.Outcome) {
	p := s.game.Current()
	if o.Repetition {
		s.printf("Third repetition: the game ends and each side takes the warriors on its own row\n"+
			"(South %d, North %d).\n", p.RowTotal(position.South), p.RowTotal(position.North))
	} else {
		winner := p.Side().Other()
		s.printf("%s has no legal move: the game ends.\n", sideName(p.Side()))
		if n := p.BoardTotal(); n > 0 {
			what := fmt.Sprintf("the %d warriors left on the board go", n)
			if n == 1 {
				what = "the warrior left on the board goes"
			}
			s.printf("Sweep: %s to %s's prison.\n", what, sideName(winner))
		}
	}
	s.printf("Final tally: South %d, North %d.\n", o.South, o.North)
	you := func(side string) string {
		if side == sideName(s.human) {
			return side + " (you)"
		}
		return side + " (Kiothi)"
	}
	switch o.Winner() {
	case "draw":
		s.printf("A draw.\n")
	case "south":
		s.printf("%s wins by %d.\n", you("South"), o.Margin())
	default:
		s.printf("%s wins by %d.\n", you("North"), -o.Margin())
	}
	if o.OneWarrior() {
		s.printf("A one-warrior victory, the mark of exceptional skill: it counts as %d wins.\n", s.cfg.Multiplier)
	}
	fmt.Fprintln(s.out)
}
