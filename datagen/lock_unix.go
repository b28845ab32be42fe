// Locking a data file against a second writer: flock on Unix.
//go:build unix

package datagen

import (
	"errors"
	"os"
	"syscall"
)

// errLocked is lock's error when another open file holds the lock.
var errLocked = errors.New("locked")

// lock takes an exclusive advisory lock on f without waiting; it is
// released when f is closed (or its process ends, even by kill -9).
func lock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errLocked
		case !errors.Is(err, syscall.EINTR):
			return err
		}
	}
}
