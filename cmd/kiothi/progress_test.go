// Tests of the progress bar: silent off a terminal, and its drawing.

package main

import (
	"bytes"
	"os"
	"path/filepath"
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
