// No madvise hint where the platform has none.
//go:build !linux

package hugepage

// Advise does nothing here.
func Advise([]byte) {}
