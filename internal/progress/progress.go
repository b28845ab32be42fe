// Package progress is the commands' one progress writer: on a terminal a
// bar redrawn in place with the elapsed time and an ETA, in a log (a file,
// a pipe) a plain line at each tenth of the work and at least every
// LogEvery while it runs.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// LogEvery is the longest a log goes without a progress line while the
// work advances.
const LogEvery = 30 * time.Second

// IsTerminal reports whether w is a character device (a terminal), so
// that redirected or captured output never receives carriage-return
// redraws.
func IsTerminal(w io.Writer) bool {
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

// Bar shows done of total. Redraw draws "[####....] done/total label,
// elapsed 0:12, ETA 0:30" in place; otherwise each tenth of the total
// (and, while work advances, every LogEvery) gets a plain line
// "done/total (30%) label, elapsed 0:12, ETA 0:30". The bar is the one
// writer of a run's times: a label carries counts, never a time of its
// own. The zero Bar (W nil) writes nothing.
type Bar struct {
	W      io.Writer
	Total  int
	Redraw bool
	Width  int  // of the drawn bar (default 30)
	NoETA  bool // the total is a cap, not a plan (an SPRT): no ETA
	Base   int  // work done before Start (a resumed run): not in the rate
	Start  time.Time
	now    func() time.Time
	last   time.Time // of the last plain line
	tenth  int       // the last tenth a plain line was written for
	logged bool
}

// New returns a bar on w: redrawn when w is a terminal, plain lines
// otherwise.
func New(w io.Writer, total int) *Bar {
	return &Bar{W: w, Total: total, Redraw: IsTerminal(w), Start: time.Now()}
}

func (b *Bar) clock() time.Time {
	if b.now != nil {
		return b.now()
	}
	return time.Now()
}

// Update shows done of the bar's total.
func (b *Bar) Update(done int, label string) {
	if b != nil {
		b.UpdateOf(done, b.Total, label)
	}
}

// UpdateOf shows done of total (a total that changes as the work runs).
func (b *Bar) UpdateOf(done, total int, label string) {
	if b == nil || b.W == nil {
		return
	}
	if b.Start.IsZero() {
		b.Start = b.clock()
	}
	now := b.clock()
	times := b.Times(now, done, total)
	if b.Redraw {
		width := b.Width
		if width <= 0 {
			width = 30
		}
		fill := width
		if total > 0 {
			fill = width * min(max(done, 0), total) / total
		}
		text := fmt.Sprintf("[%s%s] %d/%d", strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, total)
		fmt.Fprintf(b.W, "\r%s\x1b[K", join(text, label, times))
		return
	}
	tenth := 0
	if total > 0 {
		tenth = 10 * min(max(done, 0), total) / total
	}
	if b.logged && tenth <= b.tenth && now.Sub(b.last) < LogEvery {
		return
	}
	b.logged, b.tenth, b.last = true, tenth, now
	text := fmt.Sprintf("%d/%d", done, total)
	if total > 0 {
		text += fmt.Sprintf(" (%d%%)", 100*min(max(done, 0), total)/total)
	}
	fmt.Fprintln(b.W, join(text, label, times))
}

// Times returns "elapsed 0:12, ETA 0:30" at now with done of total done
// (no ETA before the first unit of work since Start, past the total or
// with NoETA): the rate since Start, over the work left.
func (b *Bar) Times(now time.Time, done, total int) string {
	el := now.Sub(b.Start)
	s := "elapsed " + Duration(el)
	if ran := done - b.Base; !b.NoETA && ran > 0 && done < total {
		s += ", ETA " + Duration(time.Duration(float64(el)*float64(total-done)/float64(ran)))
	}
	return s
}

func join(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	if len(out) < 2 {
		return strings.Join(out, "")
	}
	return out[0] + " " + strings.Join(out[1:], ", ")
}

// Clear erases a redrawn bar so the next line starts clean.
func (b *Bar) Clear() {
	if b != nil && b.W != nil && b.Redraw {
		fmt.Fprint(b.W, "\r\x1b[K")
	}
}

// Duration writes d as m:ss, or h:mm:ss from an hour.
func Duration(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s < 0 {
		s = 0
	}
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
