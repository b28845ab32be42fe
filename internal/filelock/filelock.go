// Package filelock holds a file against a second process: an exclusive,
// non-blocking advisory lock (flock on Unix), kept until Unlock or the
// process ends.
package filelock

import (
	"errors"
	"fmt"
	"os"
)

// ErrHeld is the error (wrapped) when another process holds the lock.
var ErrHeld = errors.New("another process holds it")

// Handle is a held lock on one file. (Go cannot name a type and a
// function alike, so the lock Lock returns is a Handle.)
type Handle struct {
	f    *os.File
	path string
}

// Lock takes path's exclusive advisory lock without waiting, creating
// the file if need be. A file that is replaced by rename (a state file
// written whole) is not a file to lock: lock a companion such as
// path+".lock" instead. The error names the file and, when another
// process (or another Lock in this one) holds it, says so (ErrHeld).
func Lock(path string) (*Handle, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %v", path, err)
	}
	if err := lock(f); err != nil {
		f.Close()
		if errors.Is(err, errWouldBlock) {
			return nil, fmt.Errorf("lock %s: %w", path, ErrHeld)
		}
		return nil, fmt.Errorf("lock %s: %v", path, err)
	}
	return &Handle{f: f, path: path}, nil
}

// Unlock releases the lock (the file stays).
func (l *Handle) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close() // closing the descriptor releases its flock
	l.f = nil
	if err != nil {
		return fmt.Errorf("unlock %s: %v", l.path, err)
	}
	return nil
}
