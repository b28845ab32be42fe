// Shard specs (i/n): which part of a build one process does.

package book

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kiothi/kiothi/internal/excerpt"
)

// Shard selects the subtrees of the root moves whose index, in the order
// of their encoded move bytes, is I-1 modulo N. The zero Shard (or 1/1) is
// the whole build.
type Shard struct{ I, N int }

// MaxShards bounds N, so that a typo cannot ask for a billion processes.
const MaxShards = 1 << 16

// ParseShard reads a spec "i/n" with 1 <= i <= n.
func ParseShard(s string) (Shard, error) {
	is, ns, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %s: want i/n, as in 2/8 (the second of 8 shards)", excerpt.Quote(s))
	}
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if err1 != nil || err2 != nil || strings.HasPrefix(is, "+") || strings.HasPrefix(ns, "+") {
		return Shard{}, fmt.Errorf("shard %s: i and n must be whole numbers, as in 2/8", excerpt.Quote(s))
	}
	if n < 1 || n > MaxShards {
		return Shard{}, fmt.Errorf("shard %s: n = %d, want 1..%d", excerpt.Quote(s), n, MaxShards)
	}
	if i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %s: i = %d, want 1..%d (shards count from 1 to n)", excerpt.Quote(s), i, n)
	}
	return Shard{I: i, N: n}, nil
}

func (s Shard) String() string {
	if s.N <= 1 {
		return "1/1"
	}
	return fmt.Sprintf("%d/%d", s.I, s.N)
}

// whole reports whether the shard is the whole build.
func (s Shard) whole() bool { return s.N <= 1 }

// has reports whether root move number idx (0-based) belongs to the shard.
func (s Shard) has(idx int) bool { return s.whole() || idx%s.N == s.I-1 }
