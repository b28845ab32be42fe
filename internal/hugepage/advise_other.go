//go:build !linux

// No madvise hint where the platform has none.

package hugepage

// Advise does nothing here.
func Advise([]byte) {}
