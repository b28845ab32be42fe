//go:build harness

// Self-play of the opening search against baseline redistributions: the
// engine's choice against a random one and against putting the warriors
// back, the rest of each game played by the same search for both sides. A
// measurement, not a test:
//
//	go test -tags harness ./search -run TestSelfPlayOpening -v

package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func TestSelfPlayOpening(t *testing.T) {
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
				m, _, err := testgame.PlayOut(g, 400, func(g *movegen.Game, _ int) (position.GameMove, error) {
					p := g.Current()
					switch {
					case p.Phase() != position.Play && p.Side() == engineSide:
						return e.Search(context.Background(), p, g.History(), Limits{Depth: openingDepth}, nil).Best, nil
					case p.Phase() != position.Play && base == "random":
						return position.Redistribute(testgame.ScatterOpening(&p, rng)), nil
					case p.Phase() != position.Play:
						m, _ := movegen.PutBack(&p)
						return position.Redistribute(m), nil
					}
					// The node budget varies with the seed, so the
					// put-back games differ from pair to pair.
					return e.Search(context.Background(), p, g.History(), Limits{Nodes: 4000 + 700*seed}, nil).Best, nil
				})
				if err != nil {
					t.Fatal(err)
				}
				if engineSide == position.North {
					m = -m
				}
				margin += m
				score += testgame.Sign(m)
				bySide[engineSide] += testgame.Sign(m)
			}
		}
		t.Logf("engine opening (depth %d) vs %s: %d games, wins-losses %+d (as South %+d, as North %+d), margin %+d",
			openingDepth, base, 2*pairs, score, bySide[0], bySide[1], margin)
	}
}
