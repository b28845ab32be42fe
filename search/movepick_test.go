// Tests that the search's move generation agrees with movegen.

package search

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// suitePositions returns the play positions of the perft suites.
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

func newTestWorker(r movegen.Rules) *worker {
	return &worker{s: &shared{rules: r}}
}

// TestGenerateMatchesMovegen checks the lazy generator's moves, captures
// and children against movegen on suite and random positions, both rule
// sets.
func TestGenerateMatchesMovegen(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ps := suitePositions(t)
	for i := 0; i < 3000; i++ {
		ps = append(ps, testgame.RandomPlay(rng, rng.IntN(20+rng.IntN(44)+1), 30))
	}
	for _, r := range []movegen.Rules{{}, {FreeFirstLap: true}} {
		w := newTestWorker(r)
		f := &w.stack[0]
		for _, p := range ps {
			if p.Phase() != position.Play {
				continue
			}
			var list movegen.MoveList
			want := movegen.Generate(&p, r, &list)
			cands, _ := w.generate(f, &p, false)
			n := 0
			for j := 0; j < cands; j++ {
				c, ok := w.child(f, j, &p)
				if !ok {
					if _, st := movegen.MakeMove(p, f.moves[j], r); st == movegen.Legal {
						t.Fatalf("%s: legal %s judged illegal", p, f.moves[j])
					}
					continue
				}
				if n >= want || f.moves[j] != list[n] {
					t.Fatalf("%s: move %d is %s, movegen has %d moves", p, n, f.moves[j], want)
				}
				q, st := movegen.MakeMove(p, list[n], r)
				if st != movegen.Legal {
					t.Fatal(st)
				}
				if *c != q {
					t.Fatalf("%s %s: child %s, want %s", p, list[n], c, q)
				}
				if g := q.Prison(p.Side()) - p.Prison(p.Side()); int(f.gain[j]) != g {
					t.Fatalf("%s %s: gain %d, want %d", p, list[n], f.gain[j], g)
				}
				n++
			}
			if n != want {
				t.Fatalf("%s %+v: %d legal moves, movegen %d", p, r, n, want)
			}
			// Captures only: movegen's capturing moves with their gains, and
			// hasMove right. Quiescence sows relaying moves only while no
			// other move exists (qsRelays off), so its list may leave
			// relaying captures out; with qsRelays on it is every capture.
			caps := map[position.Move]int{}
			for j := 0; j < want; j++ {
				q, _ := movegen.MakeMove(p, list[j], r)
				if g := q.Prison(p.Side()) - p.Prison(p.Side()); g > 0 {
					caps[list[j]] = g
				}
			}
			for _, relays := range []bool{false, true} {
				qsRelays = relays
				n, has := w.generate(f, &p, true)
				qsRelays = false
				if has != (want > 0) {
					t.Fatalf("%s: captures-only hasMove %v, %d legal moves", p, has, want)
				}
				seen := map[position.Move]bool{}
				for j := 0; j < n; j++ {
					m := f.moves[j]
					g, ok := caps[m]
					if !ok || seen[m] {
						t.Fatalf("%s (qsRelays %v): %s listed as a capture (again: %v); movegen's captures %v", p, relays, m, seen[m], caps)
					}
					if int(f.gain[j]) != g {
						t.Fatalf("%s (qsRelays %v): %s gains %d, movegen %d", p, relays, m, f.gain[j], g)
					}
					seen[m] = true
				}
				if relays && n != len(caps) {
					t.Fatalf("%s: qsRelays on lists %d captures, movegen has %d: %v", p, n, len(caps), caps)
				}
			}
			if quietMoveExists(&p) && want == 0 {
				t.Fatalf("%s: quietMoveExists with no legal move", p)
			}
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	ps := suitePositions(b)
	w := newTestWorker(movegen.Rules{})
	f := &w.stack[0]
	b.ReportAllocs()
	for b.Loop() {
		for i := range ps {
			if ps[i].Phase() == position.Play {
				w.generate(f, &ps[i], false)
			}
		}
	}
}
