// kiothi analyse on every perft-suite position under a time limit: the
// bestmove (and its ponder move) must be legal, opening positions included.

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
)

func TestAnalyseEverySuitePosition(t *testing.T) {
	// 50 ms a position, one thread: about 4 s for the two suites (-short:
	// 20 ms). A depth limit would be no cheaper: depth 2 at the opening
	// positions takes 38 s in all.
	limit := []string{"--movetime", "50"}
	if testing.Short() {
		limit = []string{"--movetime", "20"}
	}
	for _, suite := range testgame.SuiteFiles {
		t.Run(suite.Name, func(t *testing.T) {
			r := suite.Rules
			for _, e := range testgame.LoadSuite(t, suite.Name) {
				t.Run(fmt.Sprintf("line %d", e.Line), func(t *testing.T) {
					where := suite.Name + ":" + e.Position.String()
					args := append([]string{"analyse", e.Position.String(), "--threads", "1", "--hash", "4"}, limit...)
					if r.FreeFirstLap {
						args = append(args, "--free-first-lap")
					}
					out, err := runCmd(t, args...)
					if !movegen.HasMove(&e.Position, r) {
						// No move: the game is over, and analyse must say so.
						if err == nil {
							t.Errorf("%s: no legal move, yet analyse answered:\n%s", where, out)
						}
						return
					}
					if err != nil {
						t.Errorf("%s: %v\n%s", where, err, out)
						return
					}
					lines := strings.Split(strings.TrimSpace(out), "\n")
					f := strings.Fields(lines[len(lines)-1])
					if len(f) < 2 || f[0] != "bestmove" {
						t.Errorf("%s: last line %q", where, lines[len(lines)-1])
						return
					}
					after, _, err := movegen.ParseAndApply(e.Position, f[1], r)
					if err != nil {
						t.Errorf("%s: bestmove %s: %v\n%s", where, f[1], err, out)
						return
					}
					if len(f) == 4 && f[2] == "ponder" {
						if _, _, err := movegen.ParseAndApply(after, f[3], r); err != nil {
							t.Errorf("%s: bestmove %s ponder %s: %v", where, f[1], f[3], err)
						}
					} else if len(f) != 2 {
						t.Errorf("%s: bestmove line %q", where, lines[len(lines)-1])
					}
				})
			}
		})
	}
}
