// The commands' one progress helper: the terminal check, a status line
// redrawn in place, and a progress bar on it.

package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kiothi/kiothi/internal/excerpt"
)

// isTerminal reports whether w is a character device (a terminal), so that
// redirected or captured output never receives carriage-return redraws.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	return fi.Mode()&os.ModeCharDevice != 0
}

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

// clear erases a redrawn line so the next output starts clean.
func (s statusLine) clear() {
	if s.redraw {
		fmt.Fprint(s.w, "\r\x1b[K")
	}
}

// progressBar redraws "[#####.....] done/total label" in place; the zero
// of w (nil) makes every call a no-op.
type progressBar struct {
	w     io.Writer
	total int
	width int
}

// newProgressBar returns a bar on w if w is a terminal, else a silent one.
func newProgressBar(w io.Writer, total int) *progressBar {
	if !isTerminal(w) || total <= 0 {
		return &progressBar{}
	}
	return &progressBar{w: w, total: total, width: 30}
}

// newProgressBarMode is newProgressBar for a --progress flag: auto (on a
// terminal), on (redrawn wherever stderr goes) or off.
func newProgressBarMode(w io.Writer, total int, mode string) (*progressBar, error) {
	switch mode {
	case "auto":
		return newProgressBar(w, total), nil
	case "on":
		return &progressBar{w: w, total: total, width: 30}, nil
	case "off":
		return &progressBar{}, nil
	}
	return nil, fmt.Errorf("--progress %s: want auto, on or off", excerpt.Quote(mode))
}

func (b *progressBar) update(done int, label string) { b.updateOf(done, b.total, label) }

// updateOf draws done of total (a total that changes as the work runs).
func (b *progressBar) updateOf(done, total int, label string) {
	if b.w == nil {
		return
	}
	fill := b.width
	if total > 0 {
		fill = b.width * min(max(done, 0), total) / total
	}
	statusLine{w: b.w, redraw: true}.show(fmt.Sprintf("[%s%s] %d/%d %s", strings.Repeat("#", fill),
		strings.Repeat(".", b.width-fill), done, total, label))
}

// clear erases the bar so the next line starts clean.
func (b *progressBar) clear() {
	if b.w != nil {
		statusLine{w: b.w, redraw: true}.clear()
	}
}
