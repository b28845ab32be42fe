// Allocating the table where the system can refuse memory: ask it first.

package tt

import (
	"fmt"
	"syscall"
	"unsafe"
)

// allocBuckets returns n empty buckets, or an error where the system
// would not give the memory. The Go runtime ends the process ("fatal
// error: out of memory") when it cannot map a block, so the same size
// is first mapped here, where a refusal (the address-space limit,
// overcommit) is only an error, then unmapped and allocated in the Go
// heap: there the collector frees a table no engine holds and
// GOMEMLIMIT counts it. The probe asks for more than the table (the
// runtime's heap arenas are 64 MB and each has its metadata), so that
// what passes it leaves the runtime room.
func allocBuckets(n int) ([]bucket, error) {
	size := n * int(unsafe.Sizeof(bucket{}))
	probe := size + size/32 + 128<<20
	m, err := syscall.Mmap(-1, 0, probe, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, fmt.Errorf("the system refuses %d MB: %v", size>>20, err)
	}
	if err := syscall.Munmap(m); err != nil {
		return nil, fmt.Errorf("unmapping the memory probe: %v", err)
	}
	return make([]bucket, n), nil
}
