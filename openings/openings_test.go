// Tests of the openings file's reader.

package openings

import (
	"strings"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func FuzzParse(f *testing.F) {
	f.Add("startpos\n# c\n\nstartpos25 # x\n")
	f.Add("0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1\nbad\n")
	f.Fuzz(func(t *testing.T, s string) {
		ps, err := Parse(strings.NewReader(s))
		if err == nil && len(ps) == 0 {
			t.Fatal("no positions and no error")
		}
	})
}

func TestParse(t *testing.T) {
	ps, err := Parse(strings.NewReader("# top\nstartpos\n\n  startpos25  # variant\n0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3\n"))
	if err != nil || len(ps) != 3 || ps[1] != position.Start(25) {
		t.Fatalf("%v %v", ps, err)
	}
	_, err = Parse(strings.NewReader("startpos\n# fine\n0.1.0/0.0 0-0 s 3\n"))
	if err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("error %v should name line 3", err)
	}
	if _, err := Parse(strings.NewReader("# nothing\n")); err == nil {
		t.Error("empty file accepted")
	}
}
