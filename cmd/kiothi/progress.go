// The commands' progress output (internal/progress): the terminal check,
// a status line redrawn in place, the shared bar, and their callbacks.

package main

import (
	"io"
	"time"

	"github.com/kiothi/kiothi/internal/progress"
)

// isTerminal reports whether w is a terminal (progress.IsTerminal).
func isTerminal(w io.Writer) bool { return progress.IsTerminal(w) }

// statusLine is a progress.Status.
type statusLine struct{ s progress.Status }

func newStatusLine(w io.Writer) statusLine { return statusLine{progress.NewStatus(w)} }
func (s statusLine) show(line string)      { s.s.Show(line) }
func (s statusLine) every() time.Duration  { return s.s.Every() }
func (s statusLine) clear()                { s.s.Clear() }
func statusFunc(s statusLine) func(string) { return s.s.Func() }

// progressBar is a progress.Bar; a nil Bar writes nothing.
type progressBar struct{ bar *progress.Bar }

// newProgressBar returns a bar on w: redrawn on a terminal, plain lines
// at each tenth of total in a log.
func newProgressBar(w io.Writer, total int) *progressBar {
	b, _ := progress.ForMode(w, total, "auto")
	return &progressBar{b}
}

// newProgressBarMode is newProgressBar for a --progress flag
// (progress.ForMode).
func newProgressBarMode(w io.Writer, total int, mode string) (*progressBar, error) {
	b, err := progress.ForMode(w, total, mode)
	if err != nil {
		return nil, err
	}
	return &progressBar{b}, nil
}

func (b *progressBar) update(done int, label string)          { b.bar.Update(done, label) }
func (b *progressBar) updateOf(done, total int, label string) { b.bar.UpdateOf(done, total, label) }
func (b *progressBar) clear()                                 { b.bar.Clear() }
func barFunc(b *progressBar) func(done int, label string)     { return b.bar.Func() }

// resumedFrom says that the run began with done of the work done (a
// resumed run), so that the ETA counts only this run's rate.
func (b *progressBar) resumedFrom(done int) {
	if b.bar != nil {
		b.bar.Base = done
	}
}
