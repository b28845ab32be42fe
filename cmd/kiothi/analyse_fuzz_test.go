// Fuzzing analyse's argument reading: no input panics.

package main

import (
	"strings"
	"testing"
)

func FuzzParsePositionArgs(f *testing.F) {
	f.Add("startpos e5")
	f.Add("0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1 ij:a3b2F5")
	f.Add("1.1 2-2 n")
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Fields(s)
		if len(args) == 0 {
			return
		}
		p, rest, err := parsePositionArgs(args)
		if err == nil && len(rest) > len(args) {
			t.Fatalf("%q: %s with %d moves from %d args", s, p, len(rest), len(args))
		}
	})
}
