// Tests that the bench table's columns line up whatever the positions.

package bench

import (
	"strings"
	"testing"
)

func TestColumnsAligned(t *testing.T) {
	_, all := run(t, Options{Depth: 1, Threads: 1, HashMB: 1})
	var lines []string
	for _, l := range all {
		if strings.Contains(l, " bestmove ") {
			lines = append(lines, l)
		}
	}
	for _, col := range []string{" bestmove ", " score ", " nodes ", " time "} {
		at := strings.Index(lines[0], col)
		for i, l := range lines {
			if got := strings.Index(l, col); got != at {
				t.Errorf("line %d: %q at column %d, line 1 has it at %d:\n%s\n%s", i+1, col, got, at, lines[0], l)
			}
		}
	}
}
