// Locking a data file where the platform has no flock: not locked.
//go:build !unix

package datagen

import (
	"errors"
	"os"
)

// errLocked is lock's error when another open file holds the lock.
var errLocked = errors.New("locked")

// lock does nothing here: two writers of one file are not detected.
func lock(f *os.File) error { return nil }
