//go:build !unix

// The advisory lock of an appended PGN file where flock is missing: none.

package pgn

import "os"

// lock does nothing on systems without flock.
func lock(*os.File) error { return nil }
