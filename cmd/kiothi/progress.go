// The commands' progress output: the terminal check, a status line
// redrawn in place, and the shared progress writer (internal/progress:
// a bar on a terminal, plain lines in a log).

package main

import (
	"fmt"
	"io"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/internal/progress"
)

// isTerminal reports whether w is a terminal (progress.IsTerminal).
func isTerminal(w io.Writer) bool { return progress.IsTerminal(w) }

// statusLine shows one changing line: redrawn in place on a terminal,
// else (a log, a pipe) written as a line each time.
type statusLine struct {
	w      io.Writer
	redraw bool
}

func newStatusLine(w io.Writer) statusLine { return statusLine{w: w, redraw: isTerminal(w)} }

func (s statusLine) show(line string) {
	if s.redraw {
		fmt.Fprintf(s.w, "\r%s\x1b[K", line)
	} else {
		fmt.Fprintln(s.w, line)
	}
}

// every is how often work that reports while it runs should show a
// status: twice a second when redrawn, every progress.LogEvery in a log.
func (s statusLine) every() time.Duration {
	if s.redraw {
		return 500 * time.Millisecond
	}
	return progress.LogEvery
}

// clear erases a redrawn line so the next output starts clean.
func (s statusLine) clear() {
	if s.redraw {
		fmt.Fprint(s.w, "\r\x1b[K")
	}
}

// progressBar is the shared progress writer (progress.Bar); a nil Bar
// writes nothing.
type progressBar struct{ bar *progress.Bar }

// newProgressBar returns a bar on w: redrawn on a terminal, plain lines
// at each tenth of total in a log.
func newProgressBar(w io.Writer, total int) *progressBar {
	if total <= 0 {
		return &progressBar{}
	}
	return &progressBar{bar: progress.New(w, total)}
}

// newProgressBarMode is newProgressBar for a --progress flag: auto (a bar
// on a terminal, lines in a log), on (redrawn wherever stderr goes) or
// off.
func newProgressBarMode(w io.Writer, total int, mode string) (*progressBar, error) {
	switch mode {
	case "auto":
		return newProgressBar(w, total), nil
	case "on":
		return &progressBar{bar: &progress.Bar{W: w, Total: total, Redraw: true, Start: time.Now()}}, nil
	case "off":
		return &progressBar{}, nil
	}
	return nil, fmt.Errorf("--progress %s: want auto, on or off", excerpt.Quote(mode))
}

func (b *progressBar) update(done int, label string) { b.bar.Update(done, label) }

// updateOf shows done of total (a total that changes as the work runs).
func (b *progressBar) updateOf(done, total int, label string) { b.bar.UpdateOf(done, total, label) }

// clear erases a redrawn bar so the next line starts clean.
func (b *progressBar) clear() { b.bar.Clear() }
