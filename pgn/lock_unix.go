//go:build unix

// The advisory lock of an appended PGN file, on Unix: flock.

package pgn

import (
	"os"
	"syscall"
)

// lock takes f's exclusive advisory lock without waiting; the lock goes
// with the file's close.
func lock(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) }
