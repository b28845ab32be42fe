// Package fingerprint makes this build's fingerprint on the work queue
// (cluster.Build): the version, the commit, the node count of a shallow
// bench and the endgame database the engines read by default. Workers run
// only jobs of their own build and coordinators count only results of
// theirs, so results of two builds never mix. A training file records the
// same node count as the engine that searched it (datagen).
package fingerprint

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/kiothi/kiothi/bench"
	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/limits"
)

// Depth is the depth of Nodes' bench run: a quarter of a second on one
// core, yet it visits every bench position, so a change to the search or
// the evaluation changes the count as the full bench's does. (The bench
// signature, bench/signature.txt, is the count at bench.DefaultDepth: the
// check that a commit left the search alone. This count, with the
// version and commit, is the build fingerprint workers and coordinators
// compare: cheap enough for every process start.)
const Depth = 10

var nodes = sync.OnceValues(func() (uint64, error) {
	s, err := bench.Run(context.Background(), bench.Options{Depth: Depth, Threads: 1, HashMB: limits.BenchHashMB}, io.Discard)
	return s.Nodes, err
})

// Nodes returns the node count of the bench at Depth on one thread (what
// kiothi bench --depth 10 --threads 1 prints), computed on the first call.
func Nodes() (uint64, error) { return nodes() }

// Build is this build's fingerprint, of version and commit (the
// program's).
func Build(version, commit string) (cluster.Build, error) {
	n, err := Nodes()
	if err != nil {
		return cluster.Build{}, fmt.Errorf("build fingerprint: %v", err)
	}
	db, err := egdb.OpenSetting(egdb.Auto)
	if err != nil {
		return cluster.Build{}, fmt.Errorf("build fingerprint: %v", err)
	}
	return cluster.Build{Version: version, Commit: commit, Nodes: n, EGDB: db.ID()}, nil
}
