// Tests of the search job kind's result check.

package jobs

import (
	"context"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// A search result is checked against its job and position: a result the
// local engine gives passes; each forgery fails with its reason.
func TestSearchResultChecks(t *testing.T) {
	root := position.Start(30)
	eng, err := search.NewEngine(search.Options{Threads: 1, HashMB: 1, MultiPV: 2})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := position.Parse("0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36")
	var second search.Info
	r := eng.Search(context.Background(), p, nil, search.Limits{Depth: 4}, func(in search.Info) {
		if in.MultiPV == 2 {
			second = in
		}
	})
	job := &SearchJob{Position: p.String(), Depth: 4, HashMB: 1, MultiPV: 2}
	good := func() *SearchOut {
		o := &SearchOut{Best: r.Best.String(), Score: r.Score, Proven: r.Proven, Depth: r.Depth, Nodes: r.Nodes, HashMB: 1,
			Lines: []LineOut{{Score: second.Score, Proven: second.Proven, Depth: second.Depth}}}
		for _, m := range r.PV {
			o.PV = append(o.PV, m.String())
		}
		return o
	}
	got, err := searchResult(good(), p, movegen.Rules{}, job)
	if err != nil || got.Best != r.Best || got.Score != r.Score || len(got.PV) != len(r.PV) {
		t.Fatalf("the engine's own result: %+v, %v", got, err)
	}
	other, _ := movegen.FirstLegal(root, movegen.Rules{})
	for _, c := range []struct {
		edit func(o *SearchOut)
		want string
	}{
		{func(o *SearchOut) { o.Best = other.String() }, "best move"},
		{func(o *SearchOut) { o.PV = append(o.PV, o.PV[0]) }, "pv move"},
		{func(o *SearchOut) { o.Best, o.PV = "", nil }, "no best move in a position that has one"},
		{func(o *SearchOut) { o.Score = search.MaxHeuristic + 1 }, "want -19999 to 19999"},
		{func(o *SearchOut) { o.Score, o.Proven = 100*p.Total()*movegen.MaxMultiplier+100, true }, "(proven true): want"},
		{func(o *SearchOut) { o.Depth = 5 }, "depth 5: want 0 to 4"},
		{func(o *SearchOut) { o.HashMB = 16 }, "hash 16 MB"},
		{func(o *SearchOut) { o.Lines = append(o.Lines, o.Lines[0]) }, "2 further lines"},
		{func(o *SearchOut) { o.Lines[0].Depth = 9 }, "line 2: depth 9"},
	} {
		o := good()
		c.edit(o)
		if _, err := searchResult(o, p, movegen.Rules{}, job); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", o, err, c.want)
		}
	}
}
