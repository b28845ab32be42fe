// Tests of Options.Eval: the bench searches with the evaluation it is
// given.

package bench

import (
	"testing"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/eval/nn"
	"github.com/kiothi/kiothi/position"
)

// material is a Model valuing only the prisons.
type material struct{}

func (material) EvaluateOccupied(p *position.Position, _ uint32) int {
	return 100 * (p.Prison(p.Side()) - p.Prison(p.Side().Other()))
}

func TestEvalOption(t *testing.T) {
	o := Options{Depth: 4, Threads: 1, HashMB: 4}
	def, _ := run(t, o)
	net, err := nn.Evaluator()
	if err != nil {
		t.Fatal(err)
	}
	o.Eval = net
	if got, _ := run(t, o); got != def {
		t.Fatalf("the default evaluation (the network) given: %q, not given: %q", got, def)
	}
	for _, ev := range []*eval.Evaluator{eval.Std(), eval.FromModel(material{})} {
		o.Eval = ev
		if other, _ := run(t, o); other == def {
			t.Fatalf("another evaluation searched the same tree: %q", other)
		}
	}
}
