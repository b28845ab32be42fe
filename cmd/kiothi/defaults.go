// Defaults shared by commands: the thread count this process may use.

package main

import (
	"runtime"

	"github.com/kiothi/kiothi/limits"
)

// defaultThreads returns the CPUs this process may use, within the
// thread limit: runtime.GOMAXPROCS(0), which follows the CPU affinity
// mask and, since Go 1.25, a cgroup CPU quota.
func defaultThreads() int {
	return int(min(max(int64(runtime.GOMAXPROCS(0)), 1), limits.Threads.Max))
}
