// Tests of the progress bar: silent off a terminal, and its drawing.

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestProgressBarOffTerminal(t *testing.T) {
	var buf bytes.Buffer
	b := newProgressBar(&buf, 10)
	b.update(3, "line 7")
	b.clear()
	if buf.Len() != 0 {
		t.Errorf("a bar on a buffer wrote %q", buf.String())
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

func TestProgressBarDraw(t *testing.T) {
	var buf bytes.Buffer
	b := &progressBar{w: &buf, total: 4, width: 8}
	b.update(1, "line 7 D3")
	if want := "\r[##......] 1/4 line 7 D3\x1b[K"; buf.String() != want {
		t.Errorf("bar %q, want %q", buf.String(), want)
	}
	buf.Reset()
	b.update(9, "x") // past the end: full, never out of range
	b.clear()
	if want := "\r[########] 9/4 x\x1b[K\r\x1b[K"; buf.String() != want {
		t.Errorf("bar %q, want %q", buf.String(), want)
	}
}

// TestProgressModes: --progress on draws on any writer, off never, auto
// only on a terminal; anything else is refused.
func TestProgressModes(t *testing.T) {
	for mode, draws := range map[string]bool{"on": true, "off": false, "auto": false} {
		var buf bytes.Buffer
		b, err := newProgressBarMode(&buf, 5, mode)
		if err != nil {
			t.Fatal(err)
		}
		b.updateOf(3, 6, "positions")
		if got := buf.String(); (got != "") != draws || draws && got != "\r[###############...............] 3/6 positions\x1b[K" {
			t.Errorf("--progress %s drew %q", mode, got)
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
