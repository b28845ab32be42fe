// The first guess at a value: the evaluation's margin, where the solver's tests start.

package solve

import (
	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// EvalGuess returns a first guess at root's value for Options.Guess: ev's
// estimate rounded to whole warriors (eval.RoundWarriors), as match points
// under the match objective. A guess only orders the solver's tests, so
// the value does not depend on it; the evaluation's guess saves about a
// fifth of the nodes on the accuracy set (docs/solve.md).
func EvalGuess(ev Evaluator, obj movegen.Objective, mult int, root *position.Position) int {
	g := eval.RoundWarriors(ev.Evaluate(root))
	if obj == movegen.Match {
		return movegen.MatchPoints(g, mult)
	}
	return g
}
