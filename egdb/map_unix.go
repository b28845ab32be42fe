//go:build unix

// The file's bytes mapped into memory (Unix): the layers are read from
// the page cache as they are probed, shared by every process that opens
// the file, and none is copied.

package egdb

import (
	"os"
	"syscall"

	"github.com/kiothi/kiothi/internal/hugepage"
)

// mapFile returns the first size bytes of f, read-only. The mapping is
// advised huge (Linux): probes land at random in hundreds of megabytes,
// and a fault on an advised mapping reads the file into the page cache
// 2 MB at a time, which is then mapped 2 MB at a time: a fifth of the
// faults and fewer TLB misses (docs/solve.md). Pages another reader
// cached 4 KB at a time stay so until the kernel drops them.
func mapFile(f *os.File, size int64) ([]byte, error) {
	if size == 0 {
		return nil, nil
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err == nil {
		hugepage.Advise(b)
	}
	return b, err
}
