// Tests of the bench position generator: its list reads as kiothi bench
// reads it, and it replaces the bench's list only when asked.

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func TestGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("self-play games; not in -short")
	}
	out := filepath.Join(t.TempDir(), "list.txt")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-out", out}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil || stdout.Len() != 0 {
		t.Fatalf("%v; stdout %q", err, stdout.String())
	}
	n := 0
	for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		s, _, _ := strings.Cut(line, ";")
		p, err := position.Parse(strings.TrimSpace(s))
		if err != nil || p.Phase() != position.Play {
			t.Errorf("line %d %q: %v (phase %v)", i+1, line, err, p.Phase())
		}
		n++
	}
	if n < 30 {
		t.Errorf("%d positions, want at least 30", n)
	}
}

// Flags that cannot be honoured are refused before any game is played.
func TestFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-out", "x", "-replace-bench"}, "not both"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-bogus"}, "bogus"},
	} {
		var stdout, stderr bytes.Buffer
		err := run(c.args, &stdout, &stderr)
		if err == nil || !strings.Contains(err.Error(), c.want) || stdout.Len() != 0 {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}
