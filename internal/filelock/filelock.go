// Package filelock is the one advisory lock of the engine's state and data
// files: an exclusive, non-blocking lock that another process (or another
// open of the same file in this one) cannot take while it is held, and
// that the kernel drops when its holder exits, even by kill -9.
//
// A file that is replaced whole (a state written to a temporary file and
// renamed over the old one) cannot carry its own lock, since the rename
// gives the path a new file; such a file is locked through a lock file
// beside it (Beside). A file that is appended to in place (PGN, datagen
// records) is locked itself (File).
package filelock

import (
	"errors"
	"fmt"
	"github.com/kiothi/kiothi/internal/wholefile"
	"os"
)

// ErrLocked is the error (wrapped) when another holder has the lock.
var ErrLocked = errors.New("locked by another process")

// Held is a lock taken; Unlock releases it.
type Held struct {
	f     *os.File
	owned bool // the lock opened f itself and closes it on Unlock
}

// Lock takes the exclusive lock of path, creating the file (empty, mode
// 0644) if it does not exist. Its error names the file; when another
// process holds the lock it wraps ErrLocked.
func Lock(path string) (*Held, error) {
	f, err := wholefile.OpenWrite(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("cannot lock %s: %v", path, err)
	}
	l, err := File(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	l.owned = true
	return l, nil
}

// Beside locks the lock file of path (path + ".lock"), for a file that is
// replaced whole; what it names is the file the user gave.
func Beside(path string) (*Held, error) {
	l, err := Lock(path + ".lock")
	if errors.Is(err, ErrLocked) {
		return nil, fmt.Errorf("%s is in use: another process holds %s.lock (%w)", path, path, ErrLocked)
	}
	return l, err
}

// File takes the exclusive lock of an open file without waiting; the lock
// goes with f's close (Unlock does not close f).
func File(f *os.File) (*Held, error) {
	if err := lockFile(f); err != nil {
		if errors.Is(err, ErrLocked) {
			return nil, fmt.Errorf("%s: %w", f.Name(), ErrLocked)
		}
		return nil, fmt.Errorf("cannot lock %s: %v", f.Name(), err)
	}
	return &Held{f: f}, nil
}

// Unlock releases the lock (and closes the lock file Lock opened).
func (l *Held) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := unlockFile(l.f)
	if l.owned {
		if cerr := l.f.Close(); err == nil {
			err = cerr
		}
	}
	l.f = nil
	return err
}
