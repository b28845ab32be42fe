// Tests of the progress output: plain lines off a terminal, the modes, the status line.

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestProgressBarOffTerminal: in a log (a buffer, a file) the bar writes
// plain lines, never a redraw.
func TestProgressBarOffTerminal(t *testing.T) {
	var buf bytes.Buffer
	b := newProgressBar(&buf, 10)
	b.update(3, "line 7")
	b.clear()
	if got := buf.String(); !strings.HasPrefix(got, "3/10 (30%) line 7, elapsed 0:00") || strings.ContainsAny(got, "\r\x1b") {
		t.Errorf("a bar on a buffer wrote %q", got)
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("a regular file counts as a terminal")
	}
}

// TestProgressModes: --progress on draws on any writer, off never, auto
// writes lines off a terminal; anything else is refused.
func TestProgressModes(t *testing.T) {
	for mode, want := range map[string]string{"on": "\r[###############...............] 3/6 positions, elapsed 0:00", "off": "", "auto": "3/6 (50%) positions, elapsed 0:00"} {
		var buf bytes.Buffer
		b, err := newProgressBarMode(&buf, 5, mode)
		if err != nil {
			t.Fatal(err)
		}
		b.updateOf(3, 6, "positions")
		if got := buf.String(); !strings.HasPrefix(got, want) || (want == "") != (got == "") {
			t.Errorf("--progress %s drew %q, want it to start %q", mode, got, want)
		}
	}
	if _, err := newProgressBarMode(io.Discard, 5, "sometimes"); err == nil || !strings.Contains(err.Error(), "want auto, on or off") {
		t.Errorf("--progress sometimes: %v", err)
	}
}

// TestStatusLine: off a terminal each status is a line of its own, and
// clear writes nothing.
func TestStatusLine(t *testing.T) {
	var buf bytes.Buffer
	s := newStatusLine(&buf)
	s.show("bounds [0, 4]")
	s.show("bounds [2, 4]")
	s.clear()
	if want := "bounds [0, 4]\nbounds [2, 4]\n"; buf.String() != want {
		t.Errorf("status lines %q, want %q", buf.String(), want)
	}
	buf.Reset()
	r := statusLine{w: &buf, redraw: true}
	r.show("x")
	r.clear()
	if want := "\rx\x1b[K\r\x1b[K"; buf.String() != want {
		t.Errorf("redrawn %q, want %q", buf.String(), want)
	}
}

// TestLongCommandsLogLines: annotate and datagen, their stderr a log,
// print plain progress lines (the shared writer), never redraws.
func TestLongCommandsLogLines(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "g.pgn")
	if _, _, err := runCLI(t, "match", "--player1", "greedy", "--player2", "random", "--games", "2", "--max-plies", "30", "--pgnout", games); err != nil {
		t.Fatal(err)
	}
	// annotate reads its games as a stream: no total, a count and the time.
	line := regexp.MustCompile(`(?m)^(\d+/\d+ \(\d+%\) .*|annotate: \d+ games reviewed, )elapsed \d+:\d\d`)
	for _, args := range [][]string{
		{"annotate", games, "--depth", "1", "--out", filepath.Join(dir, "a.pgn")},
		{"datagen", "--out", filepath.Join(dir, "d.bin"), "--games", "4", "--nodes", "50", "--hash", "1", "--concurrency", "1"},
	} {
		_, errOut, err := runCLI(t, args...)
		if err != nil {
			t.Fatalf("%v: %v", args[0], err)
		}
		if !line.MatchString(errOut) || strings.ContainsAny(errOut, "\r\x1b") {
			t.Errorf("%s in a log wrote %q, want plain progress lines", args[0], errOut)
		}
	}
}
