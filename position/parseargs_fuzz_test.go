// Fuzzing ParseArgs, a command's position arguments: no input panics.

package position

import (
	"strings"
	"testing"
)

func FuzzParseArgs(f *testing.F) {
	f.Add("startpos e5")
	f.Add("0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1 ij:a3b2F5")
	f.Add("1.1 2-2 n")
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Fields(s)
		if len(args) == 0 {
			return
		}
		p, rest, err := ParseArgs(args)
		if err == nil && len(rest) > len(args) {
			t.Fatalf("%q: %s with %d moves from %d args", s, p, len(rest), len(args))
		}
	})
}
