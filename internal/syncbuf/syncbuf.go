// Package syncbuf is a text buffer that several goroutines write and read: a log or an output shared with background work in tests.
package syncbuf

import (
	"strings"
	"sync"
)

// Buffer is a strings.Builder behind a mutex; its zero value is empty
// and ready.
type Buffer struct {
	mu sync.Mutex
	b  strings.Builder
}

// Write appends p.
func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String returns what was written so far.
func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
