// The memory a command will take, checked before it takes it.

package limits

import (
	"fmt"
	"math"
	"runtime/debug"
)

// ThreadMB is what one search thread takes besides the shared table
// (its stacks and history, under half a megabyte), rounded up.
const ThreadMB = 1

// SolvedMB is the size of an engine's table of proven values, made the
// first time a timed search of a small position runs the solver.
const SolvedMB = 16

// EngineMB is the memory of one engine: its table, its threads and its
// table of proven values.
func EngineMB(threads, hashMB int) int64 {
	return int64(hashMB) + int64(threads)*ThreadMB + SolvedMB
}

// memoryBound is one bound on the memory this process may use.
type memoryBound struct {
	mb   uint64
	what string // where it comes from, for messages
}

// MemoryMB returns the memory this process may use in MB, 0 if unknown:
// the least of the machine's physical memory, its cgroup's limit, its
// address-space limit (RLIMIT_AS, ulimit -v) less what it maps already,
// and GOMEMLIMIT.
func MemoryMB() uint64 {
	b, _ := memoryLimit()
	return b.mb
}

// memoryLimit returns the least bound known (mb 0 if none is), and ok
// false when none is.
func memoryLimit() (memoryBound, bool) {
	bounds := platformBounds()
	if lim := debug.SetMemoryLimit(-1); lim > 0 && lim < math.MaxInt64 {
		bounds = append(bounds, memoryBound{uint64(lim) >> 20, "GOMEMLIMIT"})
	}
	var least memoryBound
	for _, b := range bounds {
		if least.what == "" || b.mb < least.mb {
			least = b
		}
	}
	return least, least.what != ""
}

// CheckMemory returns an error when mb megabytes, what is named by what
// (e.g. "--threads 64 × --hash 1024"), is more than three quarters of the
// memory this process may use (MemoryMB); nil when that memory is unknown.
func CheckMemory(what string, mb int64) error {
	b, ok := memoryLimit()
	if !ok || mb <= int64(b.mb*3/4) {
		return nil
	}
	return fmt.Errorf("%s: %d MB, more than 3/4 of the %d MB of memory this process may use (%s)", what, mb, b.mb, b.what)
}
