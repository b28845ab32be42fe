// Tests of the model hook: Threats against the plain Threat, and an
// Evaluator of a Model returning the Model's value.

package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func TestThreatsMatchThreat(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for i := 0; i < 20000; i++ {
		p := randomPosition(rng)
		us, them := Threats(&p, p.Occupied())
		if want := Threat(&p, p.Side()); us != want {
			t.Fatalf("%v: side to move's threat %d, want %d", &p, us, want)
		}
		if want := Threat(&p, p.Side().Other()); them != want {
			t.Fatalf("%v: opponent's threat %d, want %d", &p, them, want)
		}
	}
}

// boardCount is a Model: the warriors on the board.
type boardCount struct{}

func (boardCount) EvaluateOccupied(p *position.Position, _ uint32) int { return p.BoardTotal() }

func TestFromModel(t *testing.T) {
	ev := FromModel(boardCount{})
	rng := rand.New(rand.NewPCG(43, 44))
	for i := 0; i < 100; i++ {
		p := randomPosition(rng)
		if got := ev.Evaluate(&p); got != p.BoardTotal() {
			t.Fatalf("%v: %d, the model says %d", &p, got, p.BoardTotal())
		}
	}
}
