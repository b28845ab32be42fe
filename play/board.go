// The board diagram shown after every move: position's diagram, with the
// last move marked, colour when the terminal takes it, and the position
// string.

package play

import "github.com/kiothi/kiothi/position"

// show draws the board, naming and marking the last move.
func (s *session) show() {
	var last []position.GameMove
	if n := len(s.game.Moves); n > 0 {
		last = s.game.Moves[n-1:]
	}
	st := position.DiagramStyle{Color: s.cfg.Color, MarkLast: true, Position: true}
	s.printf("\n%s", st.Draw(s.game.Current(), last...))
}

func sideName(s position.Side) string {
	if s == position.South {
		return "South"
	}
	return "North"
}
