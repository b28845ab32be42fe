// Package hugepage asks the kernel to back memory with 2 MB pages where
// the system leaves that to madvise (Linux's transparent huge pages).
//
// Two kinds of memory use it: the search's table (anonymous memory,
// probed at random: with 4 KB pages nearly every probe also misses the
// TLB) and the endgame database's mapping of its file (probed at random
// too: a fault on an advised file mapping reads the file into the page
// cache 2 MB at a time, and pages cached 2 MB at a time are mapped whole,
// so a solve takes a fifth of the faults and fewer TLB misses; measured
// in docs/solve.md). It is only a hint: where the kernel cannot or will
// not, the memory stays as it was.
package hugepage

// Size is a huge page: 2 MB.
const Size = 2 << 20

// aligned returns the part [lo, hi) of the addresses [start, end) that
// whole huge pages cover; lo >= hi when there is none.
func aligned(start, end uintptr) (lo, hi uintptr) {
	return (start + Size - 1) &^ (Size - 1), end &^ (Size - 1)
}
