// A fast, deterministic stand-in for the search, so the builder's tests do
// not depend on the real engine's speed or strength.

package book

import (
	"context"
	"sync/atomic"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// fakeEngine scores a position by prisons and row material (mover's view)
// and, at the opening, offers MultiPV redistributions: pair t of the
// mover's occupied pairs drops everything it lifts into pit (7t mod 20).
type fakeEngine struct {
	multiPV  int
	rules    movegen.Rules
	searches *atomic.Int64
	// onSearch, if set, runs before each search (tests cancel builds here).
	onSearch func()
}

func newFake(rules movegen.Rules, counter *atomic.Int64, on func()) func(int) (search.GameSearcher, error) {
	return func(k int) (search.GameSearcher, error) {
		return &fakeEngine{multiPV: k, rules: rules, searches: counter, onSearch: on}, nil
	}
}

func (f *fakeEngine) NewGame() {}

func (f *fakeEngine) Search(ctx context.Context, p position.Position, hist []uint64, l search.Limits, info func(search.Info)) search.Result {
	if f.searches != nil {
		f.searches.Add(1)
	}
	if f.onSearch != nil {
		f.onSearch()
	}
	depth := max(l.Depth, 1)
	if !movegen.HasMove(&p, f.rules) {
		return search.Result{}
	}
	me, you := p.Side(), p.Side().Other()
	score := 100*(p.Prison(me)-p.Prison(you)) + 30*(p.RowTotal(me)-p.RowTotal(you)) + 7*(p.Count(int(me)*10+9)-p.Count(int(you)*10+9))
	res := search.Result{HasMove: true, Score: score, Depth: depth}
	if p.Phase() != position.Play {
		var ms []position.GameMove
		t := 0
		movegen.ForEachPair(&p, func(i, j, lifted int) {
			if len(ms) < max(f.multiPV, 1) {
				var d [position.NumPits]int
				d[(7*t+depth)%position.NumPits] = lifted
				if m, err := movegen.NewOpening(&p, i, j, d); err == nil {
					ms = append(ms, position.Redistribute(m))
				}
			}
			t++
		})
		for k, m := range ms {
			if info != nil {
				info(search.Info{Depth: depth, MultiPV: k + 1, Score: score - k, PV: []position.GameMove{m}})
			}
		}
		res.Best = ms[0]
		return res
	}
	var list movegen.MoveList
	n := movegen.Generate(&p, f.rules, &list)
	res.Best = position.PlayMove(list[(int(p.Key()>>7))%n])
	return res
}
