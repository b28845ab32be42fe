// A one-line progress bar for long commands, drawn only on a terminal.

package main

import (
	"fmt"
	"io"
	"os"
	"strings"
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

func (b *progressBar) update(done int, label string) {
	if b.w == nil {
		return
	}
	fill := b.width * min(done, b.total) / b.total
	fmt.Fprintf(b.w, "\r[%s%s] %d/%d %s\x1b[K", strings.Repeat("#", fill),
		strings.Repeat(".", b.width-fill), done, b.total, label)
}

// clear erases the bar so the next line starts clean.
func (b *progressBar) clear() {
	if b.w != nil {
		fmt.Fprint(b.w, "\r\x1b[K")
	}
}
