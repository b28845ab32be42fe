// The default thread count: the CPUs this process may use.

package limits

import "runtime"

// DefaultThreads returns the CPUs this process may use, within Threads:
// runtime.GOMAXPROCS(0), which follows the CPU affinity mask and, since
// Go 1.25, a cgroup CPU quota.
func DefaultThreads() int {
	return int(min(max(int64(runtime.GOMAXPROCS(0)), 1), Threads.Max))
}
