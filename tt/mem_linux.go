// The machine's memory, so an absurd hash size is refused, not fatal.
package tt

import "syscall"

// totalMemoryMB returns the machine's physical memory in MB (0 if unknown).
func totalMemoryMB() uint64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit) >> 20
}
