//go:build unix

// The file's bytes mapped into memory (Unix): the layers are read from
// the page cache as they are probed, shared by every process that opens
// the file, and none is copied.

package egdb

import (
	"os"
	"syscall"
)

// mapFile returns the first size bytes of f, read-only.
func mapFile(f *os.File, size int64) ([]byte, error) {
	if size == 0 {
		return nil, nil
	}
	return syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
}
