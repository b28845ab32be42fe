// What the tests reach inside the package: the stamped read, the
// stamp's margin and when a build shows its progress.

package egdb

import (
	"os"
	"time"
)

// ReadFileStamped is what Open reads a file with: the checksum skipped
// when the file's stamp vouches for it.
func ReadFileStamped(path string) (*DB, error) { return readFile(path, true) }

// SetStampMargin sets stampMargin and returns a function that restores it.
func SetStampMargin(d time.Duration) func() {
	old := stampMargin
	stampMargin = d
	return func() { stampMargin = old }
}

// StampLine is the stamp of the file fi with checksum sum.
func StampLine(fi os.FileInfo, sum uint32) ([]byte, bool) {
	line, _, ok := stampLine(fi, sum)
	return line, ok
}

// SetBarAfter sets how long a layer runs before egdb build shows its
// progress, and returns a function that restores it.
func SetBarAfter(d time.Duration) func() {
	old := barAfter
	barAfter = d
	return func() { barAfter = old }
}
