// The madvise hint on Linux.

package hugepage

import (
	"syscall"
	"unsafe"
)

// Advise marks the whole huge pages within b for huge pages
// (MADV_HUGEPAGE). Memory not yet touched is then faulted in huge. The
// part outside whole huge pages is left alone, so that advising a slice
// of the Go heap does not split its mapping at odd places. An error
// leaves the memory as it was.
func Advise(b []byte) {
	if len(b) == 0 {
		return
	}
	start := uintptr(unsafe.Pointer(&b[0]))
	lo, hi := aligned(start, start+uintptr(len(b)))
	if hi <= lo {
		return
	}
	_ = syscall.Madvise(b[lo-start:hi-start], syscall.MADV_HUGEPAGE)
}
