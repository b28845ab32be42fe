// Tests of the bench position generator: its list reads as kiothi bench reads it.

package main

import (
	"strings"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func TestGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("self-play games; not in -short")
	}
	text, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
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
