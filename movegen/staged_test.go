// Tests of the staged generation against Generate, MakeMove and plain
// scans: moves, order, captures, children, and the captures-only stage.

package movegen_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// playPositions returns the play positions of both perft suites and n
// seeded random play positions of 20 to 63 warriors at most.
func playPositions(t testing.TB, seed uint64, n, least int) []position.Position {
	var ps []position.Position
	for _, s := range testgame.SuiteFiles {
		for _, e := range testgame.LoadSuite(t, s.Name) {
			if e.Position.Phase() == position.Play {
				ps = append(ps, e.Position)
			}
		}
	}
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for i := 0; i < n; i++ {
		ps = append(ps, testgame.RandomPlay(rng, rng.IntN(least+rng.IntN(64-least)+1), 30))
	}
	return ps
}

// TestStagedMatchesGenerate checks the staged generator's moves, captures
// and children against Generate and MakeMove, and the captures-only stage
// against the capturing moves, on suite and random positions, both rule
// sets.
func TestStagedMatchesGenerate(t *testing.T) {
	ps := playPositions(t, 1, 3000, 20)
	var s movegen.Staged
	for _, r := range []movegen.Rules{{}, {FreeFirstLap: true}} {
		for _, p := range ps {
			var list movegen.MoveList
			want := movegen.Generate(&p, r, &list)
			if n := s.Generate(&p, r); n != want {
				t.Fatalf("%s %+v: %d staged moves, Generate %d", p, r, n, want)
			}
			caps := map[position.Move]int{}
			for j := 0; j < want; j++ {
				if s.Moves[j] != list[j] {
					t.Fatalf("%s: move %d is %s, Generate's %s", p, j, s.Moves[j], list[j])
				}
				q, st := movegen.MakeMove(p, list[j], r)
				if st != movegen.Legal {
					t.Fatal(st)
				}
				c, ok := s.Child(j, &p, r)
				if !ok || *c != q {
					t.Fatalf("%s %s: child %s (%v), want %s", p, list[j], c, ok, q)
				}
				g := q.Prison(p.Side()) - p.Prison(p.Side())
				if int(s.Gain[j]) != g {
					t.Fatalf("%s %s: gain %d, want %d", p, list[j], s.Gain[j], g)
				}
				if g > 0 {
					caps[list[j]] = g
				}
			}
			// Captures only: MakeMove's capturing moves with their gains,
			// and hasMove right. Without relays, relaying moves are sown
			// only while no other move exists, so relaying captures may be
			// left out; with relays the list is every capture.
			for _, relays := range []bool{false, true} {
				n, has := s.GenerateCaptures(&p, r, p.Occupied(), relays)
				if has != (want > 0) {
					t.Fatalf("%s: captures-only hasMove %v, %d legal moves", p, has, want)
				}
				seen := map[position.Move]bool{}
				for j := 0; j < n; j++ {
					m := s.Moves[j]
					g, ok := caps[m]
					if !ok || seen[m] {
						t.Fatalf("%s (relays %v): %s listed as a capture (again: %v); the captures are %v", p, relays, m, seen[m], caps)
					}
					if int(s.Gain[j]) != g {
						t.Fatalf("%s (relays %v): %s gains %d, MakeMove %d", p, relays, m, s.Gain[j], g)
					}
					seen[m] = true
				}
				if relays && n != len(caps) {
					t.Fatalf("%s: with relays %d captures listed, MakeMove has %d: %v", p, n, len(caps), caps)
				}
			}
			if movegen.QuietMoveExists(&p, p.Occupied()) && want == 0 {
				t.Fatalf("%s: QuietMoveExists with no legal move", p)
			}
		}
	}
}

// TestQuietMoveExists compares QuietMoveExists with a pit-by-pit scan: a
// lift of k < 20 from an own pit whose first lap ends in an empty pit.
func TestQuietMoveExists(t *testing.T) {
	for _, p := range playPositions(t, 7, 20000, 0) {
		want := false
		first := position.Leftmost(p.Side())
		for pit := first; pit < first+position.RowPits; pit++ {
			for k := 1; k <= p.Count(pit) && k < position.NumPits; k++ {
				if p.Count((pit+k)%position.NumPits) == 0 {
					want = true
				}
			}
		}
		if got := movegen.QuietMoveExists(&p, p.Occupied()); got != want {
			t.Fatalf("%s: QuietMoveExists %v, want %v", p, got, want)
		}
	}
}

// TestCapturesOnlyQuiet checks that the captures-only stage lists exactly
// the quiet (single-lap) captures of the full generation, in its order,
// with the same gains, wherever a quiet move exists.
func TestCapturesOnlyQuiet(t *testing.T) {
	var s movegen.Staged
	for _, r := range []movegen.Rules{{}, {FreeFirstLap: true}} {
		for _, p := range playPositions(t, 9, 5000, 20) {
			if !movegen.QuietMoveExists(&p, p.Occupied()) {
				continue
			}
			var want []position.Move
			var gains []int8
			n := s.Generate(&p, r)
			for j := 0; j < n; j++ {
				if !s.Made[j] && s.Gain[j] > 0 {
					want = append(want, s.Moves[j])
					gains = append(gains, s.Gain[j])
				}
			}
			n, has := s.GenerateCaptures(&p, r, p.Occupied(), false)
			if !has || n != len(want) {
				t.Fatalf("%s: %d captures (hasMove %v), want %v", p, n, has, want)
			}
			for j := range want {
				if s.Moves[j] != want[j] || s.Gain[j] != gains[j] {
					t.Fatalf("%s: capture %d is %s gain %d, want %s gain %d", p, j, s.Moves[j], s.Gain[j], want[j], gains[j])
				}
			}
		}
	}
}

func BenchmarkStagedGenerate(b *testing.B) {
	ps := playPositions(b, 1, 0, 0)
	var s movegen.Staged
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			s.Generate(&ps[i], movegen.Rules{})
		}
	}
}
