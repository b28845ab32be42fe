// The third-repetition bookkeeping of Game, driven directly: random play
// never brings a position back (see TestGameRecord), so the test pushes
// the repeated positions itself.

package movegen

import (
	"testing"

	"github.com/kiothi/kiothi/position"
)

func TestThirdRepetition(t *testing.T) {
	p, err := position.Parse("0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36")
	if err != nil {
		t.Fatal(err)
	}
	later := p
	later.EndTurn() // same board, other side: a different position
	later.EndTurn() // same board, same side, later turn: the same one
	g := NewGame(p, Rules{})
	g.push(later)
	if _, over := g.Over(); over {
		t.Fatal("over after the second occurrence")
	}
	other := p
	other.AddPrison(position.South, 1) // prisons count for repetition
	g.push(other)
	if _, over := g.Over(); over {
		t.Fatal("a position differing in prisons counted as a repetition")
	}
	g.push(later)
	o, over := g.Over()
	if !over || !o.Repetition {
		t.Fatalf("third occurrence: Over = %+v, %v", o, over)
	}
	// Each player's prison takes the warriors on their own row.
	if o.South != 21+p.RowTotal(position.South) || o.North != 18+p.RowTotal(position.North) {
		t.Errorf("repetition tally %d-%d", o.South, o.North)
	}
	if err := g.Play(position.PlayMove(position.NewMove(12, 1))); err == nil {
		t.Error("a move after the third repetition was accepted")
	}
}
