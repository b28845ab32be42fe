// A changing status line (Status), a bar chosen by a --progress mode
// (ForMode), and both as the callbacks the packages' runs take.

package progress

import (
	"fmt"
	"io"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
)

// Status shows one changing line: redrawn in place on a terminal, else
// (a log, a pipe) written as a line each time.
type Status struct {
	W      io.Writer
	Redraw bool
}

// NewStatus returns a status line on w, redrawn when w is a terminal.
func NewStatus(w io.Writer) Status { return Status{W: w, Redraw: IsTerminal(w)} }

// Show shows line.
func (s Status) Show(line string) {
	if s.Redraw {
		fmt.Fprintf(s.W, "\r%s\x1b[K", line)
	} else {
		fmt.Fprintln(s.W, line)
	}
}

// Every is how often work that reports while it runs should show a
// status: twice a second when redrawn, every LogEvery in a log.
func (s Status) Every() time.Duration {
	if s.Redraw {
		return 500 * time.Millisecond
	}
	return LogEvery
}

// Clear erases a redrawn line so the next output starts clean.
func (s Status) Clear() {
	if s.Redraw {
		fmt.Fprint(s.W, "\r\x1b[K")
	}
}

// Func is a run's status callback on s: a line, "" when the run is over
// (the line is cleared).
func (s Status) Func() func(line string) {
	return func(line string) {
		if line == "" {
			s.Clear()
			return
		}
		s.Show(line)
	}
}

// ForMode returns the bar for a --progress mode: auto (New: redrawn on a
// terminal, plain lines in a log; nil, writing nothing, when total is not
// positive), on (redrawn wherever w goes) or off (nil).
func ForMode(w io.Writer, total int, mode string) (*Bar, error) {
	switch mode {
	case "auto":
		if total <= 0 {
			return nil, nil
		}
		return New(w, total), nil
	case "on":
		return &Bar{W: w, Total: total, Redraw: true, Start: time.Now()}, nil
	case "off":
		return nil, nil
	}
	return nil, fmt.Errorf("--progress %s: want auto, on or off", excerpt.Quote(mode))
}

// Func is a run's progress callback on b: done and a label, done -1
// when the run is over (the bar is cleared).
func (b *Bar) Func() func(done int, label string) {
	return func(done int, label string) {
		if done < 0 {
			b.Clear()
			return
		}
		b.Update(done, label)
	}
}
