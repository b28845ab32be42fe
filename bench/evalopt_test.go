// Tests of Options.Eval: the bench searches with the evaluation it is
// given.

package bench

import (
	"testing"

	"github.com/kiothi/kiothi/eval"
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
	o.Eval = eval.Std()
	if std, _ := run(t, o); std != def {
		t.Fatalf("the default evaluation given: %q, not given: %q", std, def)
	}
	o.Eval = eval.FromModel(material{})
	if other, _ := run(t, o); other == def {
		t.Fatalf("another evaluation searched the same tree: %q", other)
	}
}
