// Test positions shared by the search's tests: those of the perft suites.

package search

import (
	"testing"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/position"
)

// suitePositions returns the positions of the perft suites.
func suitePositions(t testing.TB) []position.Position {
	var out []position.Position
	for _, s := range testgame.SuiteFiles {
		for _, e := range testgame.LoadSuite(t, s.Name) {
			out = append(out, e.Position)
		}
	}
	return out
}
