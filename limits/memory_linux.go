// The bounds on this process's memory that Linux reports.

package limits

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// platformBounds returns the machine's physical memory, the cgroup's
// limit (v2 memory.max, v1 memory.limit_in_bytes) and what the
// address-space limit leaves, each where it is known.
func platformBounds() []memoryBound {
	var bs []memoryBound
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) == nil {
		bs = append(bs, memoryBound{uint64(si.Totalram) * uint64(si.Unit) >> 20, "physical memory"})
	}
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		// "max" (v2) and a huge number (v1) say there is no limit.
		if n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil && n>>20 > 0 && n < 1<<62 {
			bs = append(bs, memoryBound{n >> 20, "cgroup " + f})
		}
	}
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) == nil && rl.Cur != ^uint64(0) {
		left := uint64(0)
		if mapped, ok := mappedBytes(); ok && mapped < rl.Cur {
			left = rl.Cur - mapped
		} else if !ok {
			left = rl.Cur
		}
		bs = append(bs, memoryBound{left >> 20, "ulimit -v less what is mapped"})
	}
	return bs
}

// mappedBytes returns the process's address space in use (VmSize): the
// Go runtime reserves address space well beyond its heap, and all of it
// counts against RLIMIT_AS.
func mappedBytes() (uint64, bool) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for line := range bytes.SplitSeq(b, []byte("\n")) {
		rest, ok := bytes.CutPrefix(line, []byte("VmSize:"))
		if !ok {
			continue
		}
		f := strings.Fields(string(rest)) // "1715224 kB"
		if len(f) == 2 && f[1] == "kB" {
			if n, err := strconv.ParseUint(f[0], 10, 64); err == nil {
				return n << 10, true
			}
		}
	}
	return 0, false
}
