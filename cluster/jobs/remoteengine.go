// A search engine whose searches run on workers (book build's leaf searches, annotate's reviews).

package jobs

import (
	"context"
	"errors"
	"fmt"

	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// RemoteEngine runs each search as a job of a Pool, with one thread and a
// table of HashMB from a cleared state, as a local engine after NewGame
// does: the results are the same. It has search.GameSearcher's methods. Each
// result is checked before it is used (searchCheck); one that fails is
// logged and the search run again elsewhere.
type RemoteEngine struct {
	Pool   *cluster.Pool
	Rules  movegen.Rules
	HashMB int // 0: the worker's --hash
	// MultiPV is the lines searched (0: 1); info gets the last report of
	// each line beyond the first after the final one.
	MultiPV int
	// Fail is called with the error when a search cannot be run (the
	// search then returns an empty result): its caller must stop, as a
	// book build does when its context ends.
	Fail func(error)
}

// NewGame does nothing: every job starts from a cleared table.
func (s *RemoteEngine) NewGame() {}

// Search runs one search on a worker. Depth, Nodes and MoveTime are the
// limits it passes on; a search with none of them, or with a clock, fails.
// info, if set, gets the final report of line 1, then the last of each
// further line.
func (s *RemoteEngine) Search(ctx context.Context, root position.Position, history []uint64, l search.Limits, info func(search.Info)) search.Result {
	if l.Infinite || l.P1Time != 0 || l.P2Time != 0 || (l.Depth == 0 && l.Nodes == 0 && l.MoveTime == 0) {
		s.Fail(errors.New("a search on a worker takes a depth, nodes or movetime limit"))
		return search.Result{}
	}
	sj := &SearchJob{Position: root.String(), History: history, HashMB: s.HashMB,
		FreeFirstLap: s.Rules.FreeFirstLap, Depth: l.Depth, Nodes: l.Nodes, MoveTimeMS: l.MoveTime.Milliseconds(), MultiPV: s.MultiPV}
	var res search.Result
	var out *SearchOut
	_, err := s.Pool.SubmitChecked(ctx, cluster.NewJob(KindSearch, sj), func(r *cluster.Result) error {
		var err error
		if out, err = outputOf[*SearchOut](r, "a search"); err != nil {
			return err
		}
		res, err = searchResult(out, root, s.Rules, sj)
		return err
	})
	if err != nil {
		if ctx.Err() == nil {
			s.Fail(err)
		}
		return search.Result{}
	}
	if info != nil {
		if f := out.First; f != nil {
			info(search.Info{Depth: f.Depth, MultiPV: 1, Score: f.Score, Proven: f.Proven, Nodes: res.Nodes, PV: linePV(*f)})
		} else {
			info(search.Info{Depth: res.Depth, MultiPV: 1, Score: res.Score, Proven: res.Proven, Nodes: res.Nodes, PV: res.PV})
		}
		for k, ln := range out.Lines {
			info(search.Info{Depth: ln.Depth, MultiPV: k + 2, Score: ln.Score, Proven: ln.Proven, PV: linePV(ln)})
		}
	}
	return res
}

// searchResult reads a search's result message back and checks it
// against its job j from root: the best move and the PV legal in turn,
// no best move only where root has none, scores in their band
// (checkScore), the depth within the job's, the table the job's, at most
// a line a further line asked for.
func searchResult(o *SearchOut, root position.Position, rules movegen.Rules, j *SearchJob) (search.Result, error) {
	r := search.Result{Score: o.Score, Proven: o.Proven, Depth: o.Depth, Nodes: o.Nodes}
	if err := checkScore(o.Score, o.Proven, o.Depth, &root, j); err != nil {
		return r, err
	}
	if j.HashMB != 0 && o.HashMB != j.HashMB {
		return r, fmt.Errorf("hash %d MB, the job asked for %d", o.HashMB, j.HashMB)
	}
	if len(o.Lines) > max(j.MultiPV, 1)-1 {
		return r, fmt.Errorf("%d further lines, the job asked for %d", len(o.Lines), max(j.MultiPV, 1)-1)
	}
	for k, ln := range o.Lines {
		if err := checkScore(ln.Score, ln.Proven, ln.Depth, &root, j); err != nil {
			return r, fmt.Errorf("line %d: %v", k+2, err)
		}
	}
	if f := o.First; f != nil {
		if err := checkScore(f.Score, f.Proven, f.Depth, &root, j); err != nil {
			return r, fmt.Errorf("line 1: %v", err)
		}
	}
	g := movegen.NewGame(root, rules)
	if o.Best == "" {
		if len(o.PV) != 0 || movegen.HasMove(&root, rules) {
			return r, errors.New("no best move in a position that has one")
		}
		return r, nil
	}
	var err error
	if r.Best, err = position.ParseGameMove(o.Best); err != nil {
		return r, fmt.Errorf("best move: %v", err)
	}
	if err := g.Play(r.Best); err != nil {
		return r, fmt.Errorf("best move %s: %v", r.Best, err)
	}
	r.HasMove = true
	g = movegen.NewGame(root, rules)
	for i, s := range o.PV {
		m, err := position.ParseGameMove(s)
		if err == nil && i == 0 && m != r.Best {
			err = fmt.Errorf("the pv starts with %s, the best move is %s", m, r.Best)
		}
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return r, fmt.Errorf("pv move %d: %v", i+1, err)
		}
		r.PV = append(r.PV, m)
	}
	if len(r.PV) > 1 {
		r.Ponder = r.PV[1]
	}
	return r, nil
}

// checkScore checks a reported score (decoded: search.Result's) and
// depth: a heuristic within search.MaxHeuristic, a proven value within
// the game's warriors (in points with the match objective: times the
// largest multiplier), a depth from 0 to the job's (or limits.MaxDepth).
func checkScore(score int, proven bool, depth int, root *position.Position, j *SearchJob) error {
	maxDepth := limits.MaxDepth
	if j.Depth > 0 {
		maxDepth = j.Depth
	}
	bound := search.MaxHeuristic
	if proven {
		bound = 100 * root.Total() * movegen.MaxMultiplier
	}
	switch {
	case score > bound || score < -bound:
		return fmt.Errorf("score %d (proven %v): want -%d to %d", score, proven, bound, bound)
	case depth < 0 || depth > maxDepth:
		return fmt.Errorf("depth %d: want 0 to %d", depth, maxDepth)
	}
	return nil
}

// linePV is a further line's first moves as the worker named them (the
// review checks them against the position): none when they do not parse.
func linePV(ln LineOut) []position.GameMove {
	var pv []position.GameMove
	for _, s := range []string{ln.Move, ln.Reply} {
		m, err := position.ParseGameMove(s)
		if s == "" || err != nil {
			break
		}
		pv = append(pv, m)
	}
	return pv
}
