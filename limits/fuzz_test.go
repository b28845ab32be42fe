// Fuzz target of the time parser.

package limits

import (
	"strconv"
	"testing"
	"time"
)

// FuzzParseDuration: any input is parsed or refused with a short error,
// never a panic; a plain whole number is that many milliseconds.
func FuzzParseDuration(f *testing.F) {
	for _, s := range []string{"100", "100ms", "20s", "1m30s", "-5", "", "x", "9223372036854775807", "1.5h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDuration(s)
		if err != nil {
			if len(err.Error()) > 1000 {
				t.Fatalf("a %d-byte error for a %d-byte input", len(err.Error()), len(s))
			}
			return
		}
		if n, e := strconv.ParseInt(s, 10, 64); e == nil && d != time.Duration(n)*time.Millisecond {
			t.Fatalf("%q: %v, want %d ms", s, d, n)
		}
	})
}
