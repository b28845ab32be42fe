// Paired self-play between two weight sets (run with KIOTHI_SELFPLAY=1).
package eval_test

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

type weights [5]int

func (w weights) set() {
	eval.WeightRow, eval.WeightNki, eval.WeightThreatUs, eval.WeightThreatThem, eval.WeightExposed = w[0], w[1], w[2], w[3], w[4]
}

func current() weights {
	return weights{eval.WeightRow, eval.WeightNki, eval.WeightThreatUs, eval.WeightThreatThem, eval.WeightExposed}
}

// playPair plays the games of one random opening with A as South, then as
// North, and returns A's total margin and wins minus losses.
func playPair(t *testing.T, seed uint64, a, b weights, depth int) (margin, score int) {
	defer current().set()
	for round := 0; round < 2; round++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		g := movegen.NewGame(position.Start(30), movegen.Rules{})
		engs := [2]*search.Engine{}
		for i := range engs {
			engs[i], _ = search.NewEngine(search.Options{HashMB: 4})
		}
		for plies := 0; plies < 400; plies++ {
			if _, over := g.Over(); over {
				break
			}
			p := g.Current()
			if p.Phase() != position.Play {
				_ = g.Play(position.Redistribute(testgame.ScatterOpening(&p, rng)))
				continue
			}
			aMoves := (p.Side() == position.South) == (round == 0)
			side := 0
			if aMoves {
				a.set()
			} else {
				b.set()
				side = 1
			}
			res := engs[side].Search(context.Background(), p, g.History(), search.Limits{Depth: depth}, nil)
			if err := g.Play(res.Best); err != nil {
				t.Fatal(err)
			}
		}
		o, _ := g.Over()
		m := o.Margin()
		if round == 1 {
			m = -m
		}
		margin += m
		switch {
		case m > 0:
			score++
		case m < 0:
			score--
		}
	}
	return margin, score
}

func TestSelfPlay(t *testing.T) {
	if os.Getenv("KIOTHI_SELFPLAY") == "" {
		t.Skip("set KIOTHI_SELFPLAY=1 to compare weight sets")
	}
	base := current()
	cands := map[string]weights{
		"them-110": {35, 9, 55, -110, 0},
		"them-140": {35, 9, 55, -140, 0},
		"us30":     {35, 9, 30, -85, 0},
	}
	for name, c := range cands {
		tm, ts := 0, 0
		for seed := uint64(1); seed <= 250; seed++ {
			m, s := playPair(t, seed, c, base, 4)
			tm += m
			ts += s
		}
		t.Logf("%s %v vs current %v: 500 games, wins-losses %+d, margin %+d", name, c, base, ts, tm)
	}
}
