// The build signature: the bench's node count at a shallow depth, once a process.

package bench

import (
	"context"
	"io"
	"sync"

	"github.com/kiothi/kiothi/limits"
)

// SignatureDepth is the depth of Signature's bench run: a quarter of a
// second on one core, yet it visits every bench position, so a change to
// the search or the evaluation changes the count as the full bench's does.
const SignatureDepth = 10

var signature = sync.OnceValues(func() (uint64, error) {
	s, err := Run(context.Background(), Options{Depth: SignatureDepth, Threads: 1, HashMB: limits.DefaultHashMB}, io.Discard)
	return s.Nodes, err
})

// Signature returns the node count of the bench at SignatureDepth on one
// thread (what kiothi bench --depth 10 --threads 1 prints), computed on the
// first call.
func Signature() (uint64, error) { return signature() }
