// Tests that input of any size is bounded: long lines and long echoes.

package play

import (
	"strings"
	"testing"

	"github.com/kiothi/kiothi/limits"
)

// TestLongLineRefused: a line over limits.MaxLine is refused without
// being echoed, and the session goes on to the next line.
func TestLongLineRefused(t *testing.T) {
	var out strings.Builder
	in := strings.Repeat("x", limits.MaxLine+100) + "\nquit\n"
	cfg, _ := fakeConfig(in, &out)
	if err := Run(cfg); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "longer than") {
		t.Errorf("no refusal of the long line in %q", tail(out.String()))
	}
	if out.Len() > 10000 {
		t.Errorf("%d bytes of output for a refused line: the input is echoed", out.Len())
	}
	if !strings.Contains(out.String(), "Goodbye") {
		t.Errorf("the session did not go on to quit: %q", tail(out.String()))
	}
}

// TestBadInputEchoShort: a bad entry just under the line cap is answered
// with a short excerpt of it, not the whole line.
func TestBadInputEchoShort(t *testing.T) {
	for _, bad := range []string{
		"e" + strings.Repeat("9", 500000),       // a move with an absurd count
		"ij:a" + strings.Repeat("3", 500000),    // an opening move
		strings.Repeat("hello ", 100000),        // many words
		"level " + strings.Repeat("1s", 200000), // a bad level
	} {
		t.Run(bad[:10], func(t *testing.T) {
			var out strings.Builder
			cfg, _ := fakeConfig(bad+"\nquit\n", &out)
			if err := Run(cfg); err != nil {
				t.Fatal(err)
			}
			if out.Len() > 10000 {
				t.Errorf("%q...: %d bytes of output: the input is echoed", bad[:10], out.Len())
			}
		})
	}
}

func tail(s string) string {
	if len(s) > 300 {
		return s[len(s)-300:]
	}
	return s
}
