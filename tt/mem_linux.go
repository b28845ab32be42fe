// The memory this process may use, so an absurd size is refused, not fatal.

package tt

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// MemoryMB returns the memory this process may use in MB: the machine's
// physical memory, or less where a cgroup (v2 memory.max, v1
// memory.limit_in_bytes) caps it; 0 if unknown.
func MemoryMB() uint64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	total := uint64(si.Totalram) * uint64(si.Unit) >> 20
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil && n>>20 > 0 && n>>20 < total {
			total = n >> 20
		}
	}
	return total
}
