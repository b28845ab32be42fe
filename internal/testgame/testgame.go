// Package testgame holds helpers that several packages' tests share:
// random play positions and the perft suites. Only tests import it (it
// imports testing); the self-play games the generators play are
// movegen's (SeededGame, PlayOut).
package testgame

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// RandomPlay returns a random play-phase position: warriors (0..63)
// scattered uniformly over the pits, each occupied pit marked nki with
// probability 1/4, each prison holding up to maxPrison warriors (within
// the 63-warrior total), either side to move, a turn from 3 to 42.
func RandomPlay(rng *rand.Rand, warriors, maxPrison int) position.Position {
	for {
		var counts [position.NumPits]int
		for k := 0; k < warriors; k++ {
			counts[rng.IntN(position.NumPits)]++
		}
		var nki uint32
		for i, c := range counts {
			if c > 0 && rng.IntN(4) == 0 {
				nki |= 1 << uint(i)
			}
		}
		left := max(position.MaxTotal-warriors, 0)
		a := rng.IntN(min(left, maxPrison) + 1)
		b := rng.IntN(min(left-a, maxPrison) + 1)
		p, err := position.New(counts, nki, [2]int{a, b}, position.Side(rng.IntN(2)), 3+rng.IntN(40))
		if err == nil {
			return p
		}
	}
}

// Sign returns 1 for a win (margin > 0), -1 for a loss, 0 for a draw: a
// game's contribution to wins minus losses.
func Sign(margin int) int {
	switch {
	case margin > 0:
		return 1
	case margin < 0:
		return -1
	}
	return 0
}

// SuiteFiles are the two public perft suites in testdata/ with their rules.
var SuiteFiles = []struct {
	Name  string
	Rules movegen.Rules
}{
	{"kiothi.perft", movegen.Rules{}},
	{"kiothi-free-first-lap.perft", movegen.Rules{FreeFirstLap: true}},
}

// LoadSuite reads the perft suite testdata/name of the module from the
// tests of any package (the module root is found from the working
// directory, which go test sets to the package's folder).
func LoadSuite(t testing.TB, name string) []movegen.SuiteEntry {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = up
	}
	f, err := os.Open(filepath.Join(dir, "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	entries, err := movegen.ParseSuite(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(entries) == 0 {
		t.Fatalf("%s: no positions", name)
	}
	return entries
}
