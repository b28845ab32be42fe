//go:build harness

// Paired self-play between search settings at equal node budgets: how the
// reductions and pruning were chosen. A measurement, not a test:
//
//	go test -tags harness ./search -run TestSelfPlaySettings -v [-args -only NAME]

package search

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// with returns p changed by f, its reduction table rebuilt.
func with(p params, f func(*params)) params {
	f(&p)
	return p.withLMR()
}

// selfPlayPair plays one random opening twice, a as South then as North;
// it returns a's wins minus losses and total margin.
func selfPlayPair(t *testing.T, seed uint64, a, b params, l Limits) (score, margin int) {
	for round := 0; round < 2; round++ {
		rng := rand.New(rand.NewPCG(seed, 1234))
		g := movegen.NewGame(position.Start(30), movegen.Rules{})
		var engs [2]*Engine
		for i, p := range []params{a, b} {
			engs[i], _ = NewEngine(Options{HashMB: 4})
			engs[i].params = p
		}
		m, _, err := testgame.PlayOut(g, 400, testgame.ScatterOpenings(rng, func(g *movegen.Game, _ int) (position.GameMove, error) {
			p := g.Current()
			i := 0 // a's engine
			if (p.Side() == position.South) != (round == 0) {
				i = 1
			}
			return engs[i].Search(context.Background(), p, g.History(), l, nil).Best, nil
		}))
		if err != nil {
			t.Fatal(err)
		}
		if round == 1 {
			m = -m
		}
		margin += m
		score += testgame.Sign(m)
	}
	return score, margin
}

var only = flag.String("only", "", "TestSelfPlaySettings: run just the variant so named")

func TestSelfPlaySettings(t *testing.T) {
	base := defaultParams
	for _, c := range []struct {
		name string
		s    params
	}{
		{"no-rfp", with(base, func(c *params) { c.rfpDepth = 0 })},
		{"no-lmr", with(base, func(c *params) { c.lmrFirst = 64 })},
		{"no-delta", with(base, func(c *params) { c.deltaMargin = 0 })},
		{"qs-relays", with(base, func(c *params) { c.qsRelays = true })},
		{"no-null", with(base, func(c *params) { c.nullMinDepth = 0 })},
		{"lmr-more", with(base, func(c *params) { c.lmrDiv = 1.5 })},
		{"lmr-less", with(base, func(c *params) { c.lmrDiv = 3.5 })},
	} {
		if *only != "" && c.name != *only {
			continue
		}
		ts, tm := 0, 0
		for seed := uint64(1); seed <= 80; seed++ {
			s, m := selfPlayPair(t, seed, c.s, base, Limits{Nodes: 20000})
			ts += s
			tm += m
		}
		t.Logf("%s vs the defaults: 160 games at 20000 nodes, wins-losses %+d, margin %+d", c.name, ts, tm)
	}
}
