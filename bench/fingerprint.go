// The build fingerprint's node count: the bench at a shallow depth, once a process.

package bench

import (
	"context"
	"io"
	"sync"

	"github.com/kiothi/kiothi/limits"
)

// FingerprintDepth is the depth of FingerprintNodes' bench run: a quarter
// of a second on one core, yet it visits every bench position, so a change
// to the search or the evaluation changes the count as the full bench's
// does. (The bench signature, bench/signature.txt, is the count at
// DefaultDepth: the check that a commit left the search alone. This
// count, with the version and commit, is the build fingerprint workers
// and coordinators compare: cheap enough for every process start.)
const FingerprintDepth = 10

var fingerprintNodes = sync.OnceValues(func() (uint64, error) {
	s, err := Run(context.Background(), Options{Depth: FingerprintDepth, Threads: 1, HashMB: limits.BenchHashMB}, io.Discard)
	return s.Nodes, err
})

// FingerprintNodes returns the node count of the bench at FingerprintDepth
// on one thread (what kiothi bench --depth 10 --threads 1 prints),
// computed on the first call.
func FingerprintNodes() (uint64, error) { return fingerprintNodes() }
