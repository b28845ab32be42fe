// Moves given as text played from a position (the commands' MOVE...
// arguments), and kiothi show's board after them.

package movegen

import (
	"fmt"
	"io"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/position"
)

// PlayMoves plays moves (game-move notation) from p in order, refusing
// the first that cannot be read or played with its number and the reason.
func PlayMoves(p position.Position, r Rules, moves []string) (*Game, error) {
	game := NewGame(p, r)
	for i, s := range moves {
		if _, over := game.Over(); over {
			return nil, fmt.Errorf("move %d (%s): the game is over before it", i+1, excerpt.Quote(s))
		}
		m, err := position.ParseGameMove(s)
		if err != nil {
			return nil, fmt.Errorf("move %d: %v", i+1, err)
		}
		if err := game.Play(m); err != nil {
			return nil, fmt.Errorf("move %d: %v", i+1, err)
		}
	}
	return game, nil
}

// Show writes the board of game's current position (the last move
// marked), a line saying how the game ended if it has, and the position
// string.
func Show(w io.Writer, game *Game) {
	var last []position.GameMove
	if n := len(game.Moves); n > 0 {
		last = game.Moves[n-1:]
	}
	cur := game.Current()
	fmt.Fprint(w, position.Diagram(cur, last...))
	if o, over := game.Over(); over {
		how := "no legal move"
		if o.Repetition {
			how = "third repetition"
		}
		fmt.Fprintf(w, "game over (%s): %d-%d, %s", how, o.South, o.North, o.Winner())
		if o.OneWarrior() {
			fmt.Fprint(w, ", one-warrior victory")
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, cur)
}

// WriteShow is kiothi show: it plays moves (PlayMoves) from the position
// start names (position.ParseStart) and writes the board after them
// (Show).
func WriteShow(w io.Writer, start string, r Rules, moves []string) error {
	p, err := position.ParseStart(start)
	if err != nil {
		return err
	}
	game, err := PlayMoves(p, r, moves)
	if err != nil {
		return err
	}
	Show(w, game)
	return nil
}
