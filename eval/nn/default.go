// The network the binary embeds (default.knn, written by `kiothi train`,
// docs/tuning.md).

package nn

import (
	_ "embed"
	"sync"

	"github.com/kiothi/kiothi/eval"
)

//go:embed default.knn
var defaultFile []byte

var loadDefault = sync.OnceValues(func() (*Net, error) {
	q, err := Parse(defaultFile)
	if err != nil {
		return nil, err
	}
	return New(q)
})

// Default returns the embedded network (shared; read only); its
// Params().Provenance says where it comes from.
func Default() (*Net, error) { return loadDefault() }

var loadEvaluator = sync.OnceValues(func() (*eval.Evaluator, error) {
	n, err := Default()
	if err != nil {
		return nil, err
	}
	return eval.FromModel(n), nil
})

// Evaluator returns the embedded network as an eval.Evaluator (shared;
// read only): the search's default evaluation.
func Evaluator() (*eval.Evaluator, error) { return loadEvaluator() }
