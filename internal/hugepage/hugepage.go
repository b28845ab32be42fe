// Package hugepage asks the kernel to back memory with 2 MB pages where
// the system leaves that to madvise (Linux's transparent huge pages). It
// is only a hint: where the kernel cannot or will not, the memory stays
// as it was. Its users say why they ask (tt.Table.Resize, egdb's
// mapFile).
package hugepage

// size is a huge page: 2 MB.
const size = 2 << 20

// aligned returns the part [lo, hi) of the addresses [start, end) that
// whole huge pages cover; lo >= hi when there is none.
func aligned(start, end uintptr) (lo, hi uintptr) {
	return (start + size - 1) &^ (size - 1), end &^ (size - 1)
}
