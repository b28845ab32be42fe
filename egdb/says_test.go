// Tests of what a build shows while it runs, and of the sentence that
// names the database an engine reads.

package egdb_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
)

// TestBuildProgress: egdb build into a log (not a terminal) shows each
// layer's progress in plain lines with the elapsed time and an ETA, before
// that layer's summary line, and never a carriage return.
func TestBuildProgress(t *testing.T) {
	defer egdb.SetBarAfter(0)()
	var log bytes.Buffer
	f := &egdb.BuildFlags{Max: testMax, Out: filepath.Join(t.TempDir(), "e.kdb")}
	if err := f.Check(); err != nil {
		t.Fatal(err)
	}
	if err := f.Run(context.Background(), &log); err != nil {
		t.Fatal(err)
	}
	out := log.String()
	if strings.ContainsAny(out, "\r\x1b") {
		t.Errorf("a log got terminal redraws:\n%q", out)
	}
	lines := strings.Split(out, "\n")
	for _, n := range []int{testMax - 1, testMax} {
		if egdb.Size(n) < 4<<14 {
			t.Fatalf("layer %d has %d boards: too few for progress lines", n, egdb.Size(n))
		}
		bar := regexp.MustCompile(fmt.Sprintf(`^(\d+)/%d \(\d+%%\) layer %d, elapsed \d+:\d\d, ETA \d+:\d\d$`, egdb.Size(n), n))
		summary := fmt.Sprintf("layer %2d: %d entries", n, egdb.Size(n))
		seen := false
		for _, l := range lines {
			if bar.MatchString(l) {
				seen = true
			}
			if strings.HasPrefix(l, summary) {
				break
			}
		}
		if !seen {
			t.Errorf("no progress line with an ETA for layer %d before its summary:\n%s", n, out)
		}
	}
	if !strings.Contains(out, fmt.Sprintf("building layers 0 to %d into %s", testMax, f.Out)) {
		t.Errorf("no line naming what is built:\n%s", out)
	}
}

// TestSays: the sentence names the database (none, the built-in one, a
// file) and its layers, and, below DefaultMax's layers, how to get them
// and what they cost on disk.
func TestSays(t *testing.T) {
	if got := egdb.Says(nil); got != "endgame database: none" {
		t.Errorf("Says(nil) = %q", got)
	}
	mb := fmt.Sprintf("%d MB", (egdb.Bytes(egdb.DefaultMax)+500_000)/1_000_000) // the file's header adds a few bytes
	larger := fmt.Sprintf("up to %d warriors (", egdb.DefaultMax)
	builtIn, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	got := egdb.Says(builtIn)
	for _, want := range []string{fmt.Sprintf("endgame database: the built-in one, up to %d warriors;", egdb.EmbeddedMax),
		larger, mb, egdb.BuildTime, "make egdb", "kiothi egdb build --out ", egdb.AutoName} {
		if !strings.Contains(got, want) {
			t.Errorf("Says(the built-in database) = %q: no %q", got, want)
		}
	}
	path := filepath.Join(t.TempDir(), "small.kdb")
	if err := testDB(t, movegen.Rules{}).WriteFile(path); err != nil {
		t.Fatal(err)
	}
	d, err := egdb.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got = egdb.Says(d)
	for _, want := range []string{fmt.Sprintf("endgame database: %s, up to %d warriors;", path, testMax), larger, "--from " + path} {
		if !strings.Contains(got, want) {
			t.Errorf("Says(%s) = %q: no %q", path, got, want)
		}
	}
}
