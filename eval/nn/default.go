// The network the binary embeds (default.knn, written by `kiothi train`,
// docs/tuning.md).

package nn

import (
	_ "embed"
	"sync"
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
