// Package testgame holds helpers that several packages' tests, self-play
// harnesses and the generators (cmd/genbench, kiothi accuracy generate
// through package accuracy) share; the engine never imports it.
package testgame

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// ScatterOpening returns a random legal redistribution: a random pair of
// the mover's occupied pits, and each lifted warrior dropped into a random
// pit. It is cheap and varied, not uniform over redistributions (for that,
// see movegen.RandomOpening). p must be at turn 1 or 2 with a legal move.
func ScatterOpening(p *position.Position, rng *rand.Rand) position.OpeningMove {
	var pairs [][2]int
	movegen.ForEachPair(p, func(i, j, _ int) { pairs = append(pairs, [2]int{i, j}) })
	pr := pairs[rng.IntN(len(pairs))]
	var d [position.NumPits]int
	for k := 0; k < p.Count(pr[0])+p.Count(pr[1]); k++ {
		d[rng.IntN(position.NumPits)]++
	}
	m, err := movegen.NewOpening(p, pr[0], pr[1], d)
	if err != nil {
		panic(err) // a drop vector summing to the lift is always legal
	}
	return m
}

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

// Mover picks the move to play in g's current position; ply counts the
// moves played so far in this game.
type Mover func(g *movegen.Game, ply int) (position.GameMove, error)

// PlayOut plays g on with move until the game ends or maxPlies moves have
// been played, and returns the final margin from South's view (0 for a
// game cut off by the cap) with whether it ended. An error from move or an
// illegal move stops the game and is returned.
func PlayOut(g *movegen.Game, maxPlies int, move Mover) (margin int, ended bool, err error) {
	for ply := 0; ply < maxPlies; ply++ {
		if o, over := g.Over(); over {
			return o.Margin(), true, nil
		}
		m, err := move(g, ply)
		if err != nil {
			return 0, false, err
		}
		if err := g.Play(m); err != nil {
			return 0, false, err
		}
	}
	if o, over := g.Over(); over {
		return o.Margin(), true, nil
	}
	return 0, false, nil
}

// ScatterOpenings returns a Mover that plays a ScatterOpening drawn from
// rng at turns 1 and 2 and asks play for every later move: the self-play
// games of the tuning and generation harnesses.
func ScatterOpenings(rng *rand.Rand, play Mover) Mover {
	return func(g *movegen.Game, ply int) (position.GameMove, error) {
		p := g.Current()
		if p.Phase() != position.Play {
			return position.Redistribute(ScatterOpening(&p, rng)), nil
		}
		return play(g, ply)
	}
}

// SeededGame returns the random source of self-play game seed (stream
// names the generator, so that generators draw apart) and the game it
// starts from: the standard start, variant 25 for every fourth seed.
func SeededGame(seed, stream uint64, rules movegen.Rules) (*rand.Rand, *movegen.Game) {
	start := position.Start(30)
	if seed%4 == 0 {
		start = position.Start(25)
	}
	return rand.New(rand.NewPCG(seed, stream)), movegen.NewGame(start, rules)
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
