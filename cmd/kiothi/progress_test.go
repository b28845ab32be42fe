// Tests of the commands' progress output: plain lines off a terminal and in a log.

package main

import (
	"bytes"
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

// TestLongCommandsLogLines: annotate and datagen, their stderr a log,
// print plain progress lines (the shared writer), never redraws.
func TestLongCommandsLogLines(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "g.pgn")
	if _, _, err := runCLI(t, "match", "--player1", "greedy", "--player2", "random", "--games", "2", "--max-plies", "30", "--pgnout", games); err != nil {
		t.Fatal(err)
	}
	// annotate reads its games as a stream: no total, a count and the time.
	line := regexp.MustCompile(`(?m)^(\d+/\d+ \(\d+%\) .*|annotate: \d+ games? reviewed, )elapsed \d+:\d\d`)
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

// TestAnnotateOneGame: one game reviewed is "1 game" (plural.Count).
func TestAnnotateOneGame(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "g.pgn")
	if _, _, err := runCLI(t, "match", "--player1", "greedy", "--player2", "random", "--games", "1", "--max-plies", "20", "--pgnout", games); err != nil {
		t.Fatal(err)
	}
	_, errOut, err := runCLI(t, "annotate", games, "--depth", "1", "--out", filepath.Join(dir, "a.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut, "annotate: 1 game reviewed, elapsed ") || strings.Contains(errOut, "1 games") {
		t.Errorf("annotate of one game wrote %q, want \"annotate: 1 game reviewed, elapsed ...\"", errOut)
	}
	if strings.Contains(errOut, "(1 moves)") {
		t.Errorf("a summary counts \"1 moves\": %q", errOut)
	}
}
