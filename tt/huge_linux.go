// Transparent huge pages for the table on Linux.

package tt

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks the kernel to back the table with 2 MB pages where the
// system leaves that to madvise: probes land at random in a table of tens
// of MB, and with 4 KB pages nearly every probe also misses the TLB (a
// page walk on top of the cache miss). The table is freshly allocated and
// not yet touched, so its pages are faulted in huge. Only a hint: an error
// leaves the table as it is.
func adviseHuge(b []bucket) {
	const huge = 2 << 20
	if len(b) == 0 {
		return
	}
	start := uintptr(unsafe.Pointer(&b[0]))
	end := start + uintptr(len(b))*unsafe.Sizeof(b[0])
	lo, hi := (start+huge-1)&^(huge-1), end&^(huge-1)
	if hi <= lo {
		return
	}
	all := unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), end-start)
	mem := all[lo-start : hi-start]
	_ = syscall.Madvise(mem, syscall.MADV_HUGEPAGE)
}
