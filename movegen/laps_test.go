// Tests of TraceLaps against the sowing MakeMove plays.

package movegen

import (
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/position"
)

// TestTraceLaps: for every legal move of positions reached by seeded
// random play, the laps replayed on the counts give the board MakeMove
// gives, but for the pits its capture emptied, and end where its sowing
// ended; an illegal move has no laps.
func TestTraceLaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	moves, relays := 0, 0
	for game := 0; game < 40; game++ {
		g := NewGame(position.Start(30), Rules{})
		for ply := 0; ply < 80; ply++ {
			p := g.Current()
			if _, over := g.Over(); over {
				break
			}
			if p.Phase() == position.Play {
				var list MoveList
				n := Generate(&p, Rules{}, &list)
				for _, m := range list[:n] {
					after, tr, _ := TraceMove(p, m, Rules{})
					laps, more, s := TraceLaps(p, m, Rules{}, MaxLaps)
					if s != Legal || more || laps[len(laps)-1].End != tr.Landing || laps[0].From != m.Pit() || laps[0].N != m.Count() {
						t.Fatalf("%s in %s: laps %v more %v status %v, landing %d", m, p.String(), laps, more, s, tr.Landing)
					}
					var c [position.NumPits]int
					for i := range c {
						c[i] = p.Count(i)
					}
					for _, l := range laps {
						c[l.From] -= l.N
						for k := 1; k <= l.N; k++ {
							c[(l.From+k)%position.NumPits]++
						}
					}
					gone := map[int]bool{}
					for _, i := range tr.Captured {
						gone[i] = true
					}
					if len(tr.Captured) > 0 {
						gone[tr.Landing] = true
					}
					for i := range c {
						if !gone[i] && c[i] != after.Count(i) {
							t.Fatalf("%s in %s: pit %d holds %d after the laps, %d after the move", m, p.String(), i, c[i], after.Count(i))
						}
					}
					moves++
					if len(laps) > 1 {
						relays++
						if one, more, _ := TraceLaps(p, m, Rules{}, 1); len(one) != 1 || !more || one[0] != laps[0] {
							t.Fatalf("%s in %s traced to 1 lap: %v, more %v; all laps %v", m, p.String(), one, more, laps)
						}
					}
				}
			}
			var list MoveList
			if p.Phase() != position.Play {
				m, _ := FirstLegal(p, Rules{})
				g.Play(m)
				continue
			}
			n := Generate(&p, Rules{}, &list)
			g.Play(position.PlayMove(list[rng.IntN(n)]))
		}
	}
	if moves < 1000 || relays < 100 {
		t.Errorf("only %d moves, %d with relays, checked", moves, relays)
	}
	p := position.Start(30)
	if _, _, s := TraceLaps(p, position.Move(0), Rules{}, 10); s == Legal {
		t.Error("a move at the opening has laps")
	}
	t.Logf("%d moves, %d with relays", moves, relays)
}
