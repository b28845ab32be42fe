// Tests of moves played from text and of the board kiothi show draws.

package movegen

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func TestPlayMovesAndShow(t *testing.T) {
	p := position.Start(30)
	if _, err := PlayMoves(p, Rules{}, []string{"ij:a3b2F5", "nonsense"}); err == nil || !strings.HasPrefix(err.Error(), "move 2: ") {
		t.Errorf("an unreadable second move: %v", err)
	}
	game, err := PlayMoves(p, Rules{}, []string{"ij:a3b2F5"})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	Show(&b, game)
	cur := game.Current()
	if want := position.Diagram(cur, game.Moves...) + cur.String() + "\n"; b.String() != want {
		t.Errorf("show:\n%s\nwant\n%s", b.String(), want)
	}
}
