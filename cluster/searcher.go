// A search engine whose searches run on workers (book build's leaf searches).

package cluster

import (
	"context"
	"errors"
	"fmt"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// Searcher runs each search as a job of a Pool, with one thread and a
// table of HashMB from a cleared state, as a local engine after NewGame
// does: the results are the same. It has book.Searcher's methods.
type Searcher struct {
	Pool   *Pool
	Rules  movegen.Rules
	HashMB int // 0: the worker's --hash
	// Fail is called with the error when a search cannot be run (the
	// search then returns an empty result): its caller must stop, as a
	// book build does when its context ends.
	Fail func(error)
}

// NewGame does nothing: every job starts from a cleared table.
func (s *Searcher) NewGame() {}

// Search runs one search on a worker. Depth, Nodes and MoveTime are the
// limits it passes on; a search with none of them, or with a clock, fails.
// info, if set, gets one report: the final one.
func (s *Searcher) Search(ctx context.Context, root position.Position, history []uint64, l search.Limits, info func(search.Info)) search.Result {
	if l.Infinite || l.P1Time != 0 || l.P2Time != 0 || (l.Depth == 0 && l.Nodes == 0 && l.MoveTime == 0) {
		s.Fail(errors.New("a search on a worker takes a depth, nodes or movetime limit"))
		return search.Result{}
	}
	j := Job{Kind: KindSearch, Search: &SearchJob{Position: root.String(), History: history, HashMB: s.HashMB,
		FreeFirstLap: s.Rules.FreeFirstLap, Depth: l.Depth, Nodes: l.Nodes, MoveTimeMS: l.MoveTime.Milliseconds()}}
	r, err := s.Pool.Submit(ctx, j)
	if err == nil && r.Search == nil {
		err = fmt.Errorf("job %s/%d: the result from worker %s is not a search", r.Run, r.N, excerpt.Prefix(r.Worker))
	}
	if err != nil {
		if ctx.Err() == nil {
			s.Fail(err)
		}
		return search.Result{}
	}
	res, err := searchResult(r.Search)
	if err != nil {
		s.Fail(fmt.Errorf("job %s/%d from worker %s: %v", r.Run, r.N, excerpt.Prefix(r.Worker), err))
		return search.Result{}
	}
	if info != nil {
		info(search.Info{Depth: res.Depth, MultiPV: 1, Score: res.Score, Proven: res.Proven, Nodes: res.Nodes, PV: res.PV})
	}
	return res
}

// searchResult reads a search's result message back.
func searchResult(o *SearchOut) (search.Result, error) {
	r := search.Result{Score: o.Score, Proven: o.Proven, Depth: o.Depth, Nodes: o.Nodes}
	if o.Best == "" {
		return r, nil
	}
	var err error
	if r.Best, err = position.ParseGameMove(o.Best); err != nil {
		return r, fmt.Errorf("best move: %v", err)
	}
	r.HasMove = true
	for _, s := range o.PV {
		m, err := position.ParseGameMove(s)
		if err != nil {
			return r, fmt.Errorf("pv: %v", err)
		}
		r.PV = append(r.PV, m)
	}
	if len(r.PV) > 1 {
		r.Ponder = r.PV[1]
	}
	return r, nil
}
