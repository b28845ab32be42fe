//go:build !unix

// The file's bytes read into memory (where there is no mmap).

package egdb

import (
	"io"
	"os"
)

// mapFile returns the first size bytes of f.
func mapFile(f *os.File, size int64) ([]byte, error) {
	b := make([]byte, size)
	_, err := io.ReadFull(f, b)
	return b, err
}
