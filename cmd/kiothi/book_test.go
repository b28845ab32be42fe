// Tests of the book command, run in-process on a tiny budget with the
// real search.

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func runBookCLI(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := newRootCmd(strings.NewReader(""), &out, &errOut)
	cmd.SetArgs(args)
	err := cmd.Execute()
	return out.String(), errOut.String(), err
}

var probeLine = regexp.MustCompile(`^(\S+) weight (\d+) value (-?\d+) depth (\d+) count (\d+)$`)

func TestBookBuildProbeStats(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "b.kbk")
	_, stderr, err := runBookCLI(t, "book", "build", "--out", path, "--positions", "3", "--plies", "3",
		"--depth", "1", "--threads", "2", "--candidates", "3", "--progress", "on")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "3/3 positions") {
		t.Errorf("no progress bar on stderr: %q", stderr)
	}
	// The bar writes the times; its label says none of them again.
	for _, l := range strings.Split(stderr, "\r") {
		if strings.Count(l, "elapsed") > 1 || strings.Contains(l, " left") || strings.Count(l, "ETA") > 1 {
			t.Errorf("progress line says a time twice: %q", l)
		}
	}
	out, _, err := runBookCLI(t, "book", "probe", path, "startpos")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if out == "" || len(lines) == 0 {
		t.Fatal("no book move at the start")
	}
	start := position.Start(30)
	for _, l := range lines {
		m := probeLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("probe line %q does not read <move> weight W value V depth D count C", l)
		}
		if _, _, err := movegen.ParseAndApply(start, m[1], movegen.Rules{}); err != nil {
			t.Errorf("book move %s at the start: %v", m[1], err)
		}
	}

	// Moves after the position, as show and analyse take them: the same
	// lines as the position they lead to, and some book move's reply is
	// in the book.
	replies := 0
	for _, l := range lines {
		mv := probeLine.FindStringSubmatch(l)[1]
		after, _, err := movegen.ParseAndApply(start, mv, movegen.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		withMoves, _, err := runBookCLI(t, "book", "probe", path, "startpos", mv)
		if err != nil {
			t.Fatal(err)
		}
		atPosition, _, err := runBookCLI(t, "book", "probe", path, after.String())
		if err != nil || withMoves != atPosition {
			t.Errorf("probe startpos %s: %q; probe of the position after it: %q, %v", mv, withMoves, atPosition, err)
		}
		if withMoves != "" {
			replies++
		}
	}
	if replies == 0 {
		t.Errorf("no reply to a book move at the start is in the book")
	}
	if _, _, err := runBookCLI(t, "book", "probe", path, "startpos", "a3"); err == nil || !strings.Contains(err.Error(), "move 1:") {
		t.Errorf("probe startpos a3 (a play move at turn 1): %v", err)
	}

	// A position outside the book: no output, no error.
	out, _, err = runBookCLI(t, "book", "probe", path, "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3")
	if err != nil || out != "" {
		t.Errorf("probe outside the book: %q, %v", out, err)
	}

	out, _, err = runBookCLI(t, "book", "stats", path)
	if err != nil || !strings.Contains(out, "positions 3\n") || !strings.Contains(out, "depth") {
		t.Errorf("stats: %q, %v", out, err)
	}

	// Resume to a larger budget.
	out, _, err = runBookCLI(t, "book", "build", "--out", path, "--positions", "5", "--plies", "3",
		"--depth", "1", "--threads", "2", "--candidates", "3", "--resume")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "5 positions") && !strings.Contains(out, "expanded") {
		t.Errorf("resume: %q", out)
	}

	// A book of other rules is refused by probe, and by merge.
	free := filepath.Join(dir, "free.kbk")
	if _, _, err := runBookCLI(t, "--free-first-lap", "book", "build", "--out", free, "--positions", "1",
		"--depth", "1", "--threads", "1"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runBookCLI(t, "book", "probe", free, "startpos"); err == nil || !strings.Contains(err.Error(), "free-first-lap") {
		t.Errorf("probe of a free-first-lap book without the flag: %v", err)
	}
	merged := filepath.Join(dir, "m.kbk")
	if _, _, err := runBookCLI(t, "book", "merge", path, free, "--out", merged); err == nil || !strings.Contains(err.Error(), "different rules") {
		t.Errorf("merge of different rules: %v", err)
	}
	if _, err := os.Stat(merged); !os.IsNotExist(err) {
		t.Error("failed merge left its output")
	}
	if out, _, err := runBookCLI(t, "book", "merge", path, path, "--out", merged); err != nil || !strings.Contains(out, "from 2 books") {
		t.Errorf("merge: %q, %v", out, err)
	}
}

func TestBookBadInput(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.kbk")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"book", "build", "--out", path, "--shard", "3/2"}, "i = 3, want 1..2"},
		{[]string{"book", "build", "--out", path, "--shard", "two"}, "--shard"},
		{[]string{"book", "build"}, "--out"},
		{[]string{"book", "build", "--out", path, "--depth", "2", "--movetime", "10"}, "depth"},
		{[]string{"book", "build", "--out", path, "--from", "nonsense"}, "--from"},
		{[]string{"book", "build", "--out", path, "--positions", "0"}, "--positions"},
		{[]string{"book", "build", "--out", path, "--progress", "maybe"}, "--progress"},
		{[]string{"book", "probe", path, "startpos"}, "x.kbk"},
		{[]string{"book", "merge", path}, "--out"},
	} {
		t.Run(caseName(c.args), func(t *testing.T) {
			_, _, err := runBookCLI(t, c.args...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v: error %v, want one mentioning %q", c.args, err, c.want)
			}
		})
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Error("bad input left a book file")
	}
	// A damaged book is refused with its reason.
	if err := os.WriteFile(path, []byte("KIOTHIBK\x01\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runBookCLI(t, "book", "stats", path); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("truncated book: %v", err)
	}
}

// TestShippedBook checks the book that make book builds, when present.
func TestShippedBook(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "book.kbk")
	if _, err := os.Stat(path); err != nil {
		t.Skip("testdata/book.kbk not built (make book)")
	}
	out, _, err := runBookCLI(t, "book", "probe", path, "startpos")
	if err != nil {
		t.Fatal(err)
	}
	if out == "" {
		t.Fatal("the shipped book has no move at the start")
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		m := probeLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("probe line %q", l)
		}
		if _, _, err := movegen.ParseAndApply(position.Start(30), m[1], movegen.Rules{}); err != nil {
			t.Errorf("shipped book move %s: %v", m[1], err)
		}
	}
}

// An interrupted build (here: a context cancelled before it starts) still
// writes a valid book and exits with status 130.
func TestBookBuildInterrupted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "i.kbk")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	cmd := newRootCmd(strings.NewReader(""), &out, &errOut)
	cmd.SetArgs([]string{"book", "build", "--out", path, "--depth", "1", "--positions", "5"})
	err := cmd.ExecuteContext(ctx)
	if err == nil || exitCode(err) != 130 || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("interrupted build: %v (exit %d)", err, exitCode(err))
	}
	stats, _, err := runBookCLI(t, "book", "stats", path)
	if err != nil || !strings.Contains(stats, "positions 0\n") {
		t.Fatalf("book after interruption: %q, %v", stats, err)
	}
}
