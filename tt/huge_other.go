// Huge pages where the platform has no madvise hint: nothing to do.
//go:build !linux

package tt

func adviseHuge([]bucket) {}
