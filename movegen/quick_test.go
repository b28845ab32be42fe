package movegen

import (
	"context"
	"os"
	"testing"
	"time"
)

func TestQuickSuite(t *testing.T) {
	for _, f := range []struct {
		file string
		r    Rules
	}{{"../testdata/kiothi.perft", Rules{}}, {"../testdata/kiothi-free-first-lap.perft", Rules{FreeFirstLap: true}}} {
		fh, _ := os.Open(f.file)
		es, err := ParseSuite(fh)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			for d, want := range e.Expected {

				st := time.Now()
				got, err := Perft(context.Background(), e.Position, d+1, PerftOptions{Rules: f.r})
				if err != nil || got != want {
					t.Fatalf("%s line %d %s D%d got %d want %d err %v", f.file, e.Line, e.Position, d+1, got, want, err)
				}
				_ = st
			}
		}
	}
}
