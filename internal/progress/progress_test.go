// Tests of the progress writer: plain lines in a log (each tenth, and
// every LogEvery), the redrawn bar with elapsed time and ETA.

package progress

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
)

// fakeClock advances by step each time it is read.
func fakeClock(start time.Time, step time.Duration) func() time.Time {
	t := start
	return func() time.Time { t = t.Add(step); return t }
}

// TestLogLines: in a log, 100 units of work give one line at each tenth,
// each with its count, percentage, label, elapsed time and (before the
// end) an ETA.
func TestLogLines(t *testing.T) {
	var buf bytes.Buffer
	t0 := time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC)
	b := &Bar{W: &buf, Total: 100, Start: t0, now: fakeClock(t0, time.Second)}
	for i := 1; i <= 100; i++ {
		b.Update(i, fmt.Sprintf("game %d", i))
	}
	b.Clear()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 11 { // the first unit, then each tenth
		t.Fatalf("%d lines, want 11:\n%s", len(lines), buf.String())
	}
	if want := "1/100 (1%) game 1, elapsed 0:01, ETA 1:39"; lines[0] != want {
		t.Errorf("first line %q, want %q", lines[0], want)
	}
	if want := "50/100 (50%) game 50, elapsed 0:50, ETA 0:50"; lines[5] != want {
		t.Errorf("half-way line %q, want %q", lines[5], want)
	}
	if want := "100/100 (100%) game 100, elapsed 1:40"; lines[10] != want {
		t.Errorf("last line %q, want %q", lines[10], want)
	}
	if strings.ContainsAny(buf.String(), "\r\x1b") {
		t.Errorf("a log got redraw codes: %q", buf.String())
	}
}

// TestLogEvery: slow work within one tenth still gets a line every
// LogEvery.
func TestLogEvery(t *testing.T) {
	var buf bytes.Buffer
	t0 := time.Now()
	b := &Bar{W: &buf, Total: 1000, Start: t0, now: fakeClock(t0, LogEvery/2), NoETA: true}
	for i := 1; i <= 7; i++ { // within the first tenth
		b.Update(i, "")
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 4 { // the first, then every second call (LogEvery apart)
		t.Errorf("%d lines, want 4:\n%s", len(lines), buf.String())
	}
	if strings.Contains(buf.String(), "ETA") {
		t.Errorf("NoETA bar printed an ETA: %s", buf.String())
	}
}

// TestRedraw: on a terminal the bar is redrawn in place with elapsed time
// and ETA; Clear erases it; the zero bar writes nothing.
func TestRedraw(t *testing.T) {
	var buf bytes.Buffer
	t0 := time.Now()
	b := &Bar{W: &buf, Total: 4, Width: 8, Redraw: true, Start: t0, now: fakeClock(t0, 3*time.Second)}
	b.Update(1, "line 7")
	b.Clear()
	if want := "\r[##......] 1/4 line 7, elapsed 0:03, ETA 0:09\x1b[K\r\x1b[K"; buf.String() != want {
		t.Errorf("bar %q, want %q", buf.String(), want)
	}
	var z *Bar
	z.Update(1, "x")
	z.Clear()
	(&Bar{}).Update(1, "x")
}

func TestDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "0:00", 59499 * time.Millisecond: "0:59", 61 * time.Second: "1:01",
		3*time.Hour + 2*time.Minute + 5*time.Second: "3:02:05", -time.Second: "0:00"} {
		if got := Duration(d); got != want {
			t.Errorf("Duration(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestBase: work done before Start (a resumed run) does not count in the
// rate behind the ETA.
func TestBase(t *testing.T) {
	t0 := time.Now()
	b := &Bar{Total: 100, Base: 50, Start: t0}
	if got := b.Times(t0.Add(10*time.Second), 60, 100); got != "elapsed 0:10, ETA 0:40" {
		t.Errorf("Times %q, want 10 units in 10 s and 40 left", got)
	}
}
