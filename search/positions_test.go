// Test positions shared by the search's tests: the play positions of the
// perft suites.

package search

import (
	"os"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// suitePositions returns the positions of the perft suites.
func suitePositions(t testing.TB) []position.Position {
	var out []position.Position
	for _, file := range []string{"../testdata/kiothi.perft", "../testdata/kiothi-free-first-lap.perft"} {
		fh, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		es, err := movegen.ParseSuite(fh)
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			out = append(out, e.Position)
		}
	}
	return out
}
