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

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func TestSelfPlayOpening(t *testing.T) {
	if os.Getenv("KIOTHI_SELFPLAY") == "" {
		t.Skip("set KIOTHI_SELFPLAY=1 to play the opening search against baselines")
	}
	pairs := 60
	const openingDepth = 4
	for _, base := range []string{"random", "putback"} {
		score, margin := 0, 0
		var bySide [2]int
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
						mv = e.Search(context.Background(), p, g.History(), Limits{Depth: openingDepth}, nil).Best
					case p.Phase() != position.Play && base == "random":
						mv = position.Redistribute(testgame.ScatterOpening(&p, rng))
					case p.Phase() != position.Play:
						m, _ := movegen.PutBack(&p)
						mv = position.Redistribute(m)
					default:
						// The node budget varies with the seed, so the
						// put-back games differ from pair to pair.
						mv = e.Search(context.Background(), p, g.History(), Limits{Nodes: 4000 + 700*seed}, nil).Best
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
					bySide[engineSide]++
				} else if m < 0 {
					score--
					bySide[engineSide]--
				}
			}
		}
		t.Logf("engine opening (depth %d) vs %s: %d games, wins-losses %+d (as South %+d, as North %+d), margin %+d",
			openingDepth, base, 2*pairs, score, bySide[0], bySide[1], margin)
	}
}
