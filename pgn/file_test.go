// Tests of the appended PGN file: its lock against a second writer.

package pgn

import (
	"path/filepath"
	"strings"
	"testing"
)

// A second writer of a PGN file is refused while the first has it open.
func TestPGNFileLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.pgn")
	f, err := Append(path)
	if err != nil {
		t.Fatal(err)
	}
	if g, err := Append(path); err == nil || !strings.Contains(err.Error(), "another run is writing") {
		t.Errorf("second writer: %v", err)
		if g != nil {
			g.Close()
		}
	}
	f.Close()
	g, err := Append(path)
	if err != nil {
		t.Errorf("after close: %v", err)
	} else {
		g.Close()
	}
}
