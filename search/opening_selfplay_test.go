// Self-play of the opening search against baseline redistributions (run
// with KIOTHI_SELFPLAY=1): the engine's choice against a random one and
// against putting the warriors back, the rest of each game played by the
// same search for both sides.
package search

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// putBackMove empties the first two occupied pits of the side to move and
// refills them.
func putBackMove(p *position.Position) position.GameMove {
	var m position.OpeningMove
	k := 0
	first := position.Leftmost(p.Side())
	for i := first; i < first+position.RowPits && k < 2; i++ {
		if p.Count(i) > 0 {
			m.Pits[k] = uint8(i)
			m.Drops[i] = uint8(p.Count(i))
			k++
		}
	}
	return position.Redistribute(m)
}

func TestSelfPlayOpening(t *testing.T) {
	if os.Getenv("KIOTHI_SELFPLAY") == "" {
		t.Skip("set KIOTHI_SELFPLAY=1 to play the opening search against baselines")
	}
	pairs := 30
	for _, base := range []string{"random", "putback"} {
		score, margin := 0, 0
		for seed := uint64(1); seed <= uint64(pairs); seed++ {
			for round := 0; round < 2; round++ {
				engineSide := position.Side(round)
				rng := rand.New(rand.NewPCG(seed, 4321))
				g := movegen.NewGame(position.Start(30), movegen.Rules{})
				e, _ := NewEngine(Options{HashMB: 8})
				for ply := 0; ply < 400; ply++ {
					if _, over := g.Over(); over {
						break
					}
					p := g.Current()
					var mv position.GameMove
					switch {
					case p.Phase() != position.Play && p.Side() == engineSide:
						mv = e.Search(context.Background(), p, g.History(), Limits{Depth: 2}, nil).Best
					case p.Phase() != position.Play && base == "random":
						mv = randomOpeningMove(&p, rng)
					case p.Phase() != position.Play:
						mv = putBackMove(&p)
					default:
						mv = e.Search(context.Background(), p, g.History(), Limits{Depth: 5}, nil).Best
					}
					if err := g.Play(mv); err != nil {
						t.Fatal(err)
					}
				}
				o, _ := g.Over()
				m := o.Margin()
				if engineSide == position.North {
					m = -m
				}
				margin += m
				if m > 0 {
					score++
				} else if m < 0 {
					score--
				}
			}
		}
		t.Logf("engine opening (depth 2) vs %s: %d games, wins-losses %+d, margin %+d", base, 2*pairs, score, margin)
	}
}
