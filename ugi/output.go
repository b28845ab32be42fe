// Line output shared by the command loop and the search goroutine.

package ugi

import (
	"bufio"
	"fmt"
	"io"
	"sync"
)

// lineWriter writes whole lines, each flushed at once, under a mutex: the
// command loop and a search goroutine print concurrently.
type lineWriter struct {
	mu sync.Mutex
	w  *bufio.Writer
}

func newLineWriter(w io.Writer) *lineWriter { return &lineWriter{w: bufio.NewWriter(w)} }

// println writes s and a newline. Write errors are dropped: a front-end
// that closed its end ends the session through stdin, not here.
func (l *lineWriter) println(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.w.WriteString(s)
	l.w.WriteByte('\n')
	l.w.Flush()
}

func (l *lineWriter) printf(format string, args ...any) { l.println(fmt.Sprintf(format, args...)) }

// errorf reports bad input as the protocol's one-line error.
func (l *lineWriter) errorf(format string, args ...any) {
	l.println("info string error: " + fmt.Sprintf(format, args...))
}
