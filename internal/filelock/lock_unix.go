//go:build unix

// The lock on Unix: flock, exclusive and non-blocking.

package filelock

import (
	"os"
	"syscall"
)

var errWouldBlock error = syscall.EWOULDBLOCK

func lock(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) }
