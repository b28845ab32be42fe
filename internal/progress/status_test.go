// Tests of the status line and the --progress modes.

package progress

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestForMode: --progress on draws on any writer, off never, auto
// writes lines off a terminal; anything else is refused.
func TestForMode(t *testing.T) {
	for mode, want := range map[string]string{"on": "\r[###############...............] 3/6 positions, elapsed 0:00", "off": "", "auto": "3/6 (50%) positions, elapsed 0:00"} {
		var buf bytes.Buffer
		b, err := ForMode(&buf, 5, mode)
		if err != nil {
			t.Fatal(err)
		}
		b.UpdateOf(3, 6, "positions")
		if got := buf.String(); !strings.HasPrefix(got, want) || (want == "") != (got == "") {
			t.Errorf("--progress %s drew %q, want it to start %q", mode, got, want)
		}
	}
	if _, err := ForMode(io.Discard, 5, "sometimes"); err == nil || !strings.Contains(err.Error(), "want auto, on or off") {
		t.Errorf("--progress sometimes: %v", err)
	}
}

// TestStatusLine: off a terminal each status is a line of its own, and
// clear writes nothing.
func TestStatusLine(t *testing.T) {
	var buf bytes.Buffer
	s := NewStatus(&buf)
	s.Show("bounds [0, 4]")
	s.Show("bounds [2, 4]")
	s.Clear()
	if want := "bounds [0, 4]\nbounds [2, 4]\n"; buf.String() != want {
		t.Errorf("status lines %q, want %q", buf.String(), want)
	}
	buf.Reset()
	r := Status{W: &buf, Redraw: true}
	r.Show("x")
	r.Clear()
	if want := "\rx\x1b[K\r\x1b[K"; buf.String() != want {
		t.Errorf("redrawn %q, want %q", buf.String(), want)
	}
}
