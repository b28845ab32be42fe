// Every legal move's exact value: one solver proves each child in turn.

package solve

import (
	"context"
	"math"
	"sort"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// MoveValue is one legal move's value at the root, from the root's side
// to move's view (as the root's value is). When Exact, Value is the value
// after the move under perfect play; otherwise it lies in [Lo, Hi].
type MoveValue struct {
	Move   position.Move
	Exact  bool
	Value  int
	Lo, Hi int
	// Source says where the value comes from: SourceEGDB when the
	// endgame database holds the position after the move, SourceEnd when
	// the move ends the game (a repetition, or no move left to the
	// opponent), else SourceSearch.
	Source string
	// Worse (SolveMovesBounded) says the move is proven worse than the
	// best and only bounded: its value is at most Hi, below the
	// position's value.
	Worse bool
}

// The sources of a move's value.
const (
	SourceEGDB   = "egdb"
	SourceEnd    = "end"
	SourceSearch = "search"
)

// MovesResult is SolveMoves' outcome: the root's value (Result: exact
// when the best move's value is known to be the best; its PV starts with
// that move) and every legal move's value, best first.
type MovesResult struct {
	Result
	Moves []MoveValue
}

// exact reports whether the position and every move were proven (a
// bounded solve's worse moves count as proven: a bound is all it asks).
func (r MovesResult) exact() bool {
	for _, m := range r.Moves {
		if !m.Exact && !m.Worse {
			return false
		}
	}
	return r.Exact
}

// SolveMoves proves the value of every legal move of root with one solver:
// one table, one database and the same threads for all the proofs, so
// each reuses what the others stored. Each child is proven as a root of
// its own tests (the moves best first by the evaluation, each starting at
// its own guess), with root added to the history so repetitions count as
// they do after the move. The root's value is the best move's. When ctx
// ends or Options.MaxNodes is spent first, the moves not proven keep the
// bounds proven so far. Values are under o.Objective (match points for
// Match).
func SolveMoves(ctx context.Context, root position.Position, o Options) (MovesResult, error) {
	return guarded(o, func() (MovesResult, error) { return solveMoves(ctx, root, o, false) }, MovesResult.exact)
}

// SolveMovesBounded is SolveMoves with only bounds on the moves worse
// than the best: it proves the position's value V (as Solve does), then
// for each move one test, "value >= V": a move that passes is worth V,
// exactly; one that fails is Worse, with the bound the test proved (at
// most V-2 under the margin objective, whose values keep the parity of
// the warriors in play). Far cheaper where a bad move's exact value takes
// a long proof.
func SolveMovesBounded(ctx context.Context, root position.Position, o Options) (MovesResult, error) {
	return guarded(o, func() (MovesResult, error) { return solveMoves(ctx, root, o, true) }, MovesResult.exact)
}

func solveMoves(ctx context.Context, root position.Position, o Options, bounded bool) (MovesResult, error) {
	s, err := newSolver(&root, o)
	if err != nil {
		return MovesResult{}, err
	}
	o = s.opts
	var list movegen.MoveList
	nm := movegen.Generate(&root, o.Rules, &list)
	if nm == 0 {
		v := s.workers[0].noMoveValue(&root)
		return MovesResult{Result: Result{Exact: true, Value: v, Lo: v, Hi: v, Time: time.Since(s.begin)}}, nil
	}
	// The children, with the static bounds (and the database's value)
	// each has before any search.
	w := s.workers[0]
	w.path = append(w.path[:0], pathEntry{root.KeyWithPrisons(), root.Prison(position.South) + root.Prison(position.North)})
	kids := make([]position.Position, nm)
	moves := make([]MoveValue, nm)
	guess := make([]int, nm)
	for i, m := range list[:nm] {
		q, _ := movegen.MakeMove(root, m, o.Rules)
		kids[i] = q
		mv := MoveValue{Move: m, Source: SourceSearch}
		switch {
		case w.repeated(&q):
			mv.Value, mv.Exact, mv.Source = -w.sweepValue(&q), true, SourceEnd
		case !movegen.HasMove(&q, o.Rules):
			mv.Value, mv.Exact, mv.Source = -w.noMoveValue(&q), true, SourceEnd
		default:
			if s.db != nil {
				if v, ok := s.db.Probe(&q, o.Rules); ok {
					mv.Value, mv.Exact, mv.Source = -(prisonDiff(&q) + v), true, SourceEGDB
					break
				}
			}
			lo, hi := s.bounds(&q)
			mv.Lo, mv.Hi = -hi, -lo
			guess[i] = -EvalGuess(o.Order, o.Objective, o.Multiplier, &q)
		}
		if mv.Exact {
			mv.Lo, mv.Hi = mv.Value, mv.Value
		}
		moves[i] = mv
	}
	w.path = w.path[:0]
	best := math.MinInt // the position's value, when bounded and proven
	if bounded {
		lo, hi := s.bounds(&root)
		g := EvalGuess(o.Order, o.Objective, o.Multiplier, &root)
		t := newTests(lo, hi, &g)
		if s.run(ctx, &root, &t, func() {}) {
			best = t.lo
		}
		for i := range moves {
			moves[i].Hi = min(moves[i].Hi, t.hi) // no move beats the position
		}
	}
	// The children are searched with the root in their past.
	s.history.Add(root.KeyWithPrisons())
	// The likely best first: its proof's table entries bound the others.
	order := make([]int, nm)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return guess[order[a]] > guess[order[b]] })
	report := func() {
		if o.Progress != nil {
			lo, hi := rootBounds(moves)
			o.Progress(Progress{Lo: lo, Hi: hi, Nodes: s.nodes(), Time: time.Since(s.begin)})
		}
	}
	report()
	for _, i := range order {
		mv := &moves[i]
		if mv.Exact {
			continue
		}
		if ctx.Err() != nil || s.overBudget() {
			break
		}
		if best != math.MinInt {
			// One test: is the move worth the position's value?
			v, ok := s.test(ctx, &kids[i], -best+1)
			switch {
			case !ok:
			case v >= -best+1:
				mv.Hi, mv.Worse = min(mv.Hi, -v), true
			default:
				mv.Exact, mv.Value, mv.Lo, mv.Hi = true, best, best, best
			}
			report()
			continue
		}
		if bounded {
			break // the position's value was not proven in time
		}
		g := -guess[i]
		t := newTests(-mv.Hi, -mv.Lo, &g)
		ok := s.run(ctx, &kids[i], &t, func() {
			mv.Lo, mv.Hi = -t.hi, -t.lo
			report()
		})
		mv.Lo, mv.Hi = -t.hi, -t.lo
		if ok {
			mv.Exact, mv.Value = true, mv.Lo
		}
	}
	// Best first; equal values keep the generation order.
	sort.SliceStable(moves, func(a, b int) bool {
		if moves[a].Exact != moves[b].Exact && moves[a].Hi == moves[b].Hi {
			return moves[a].Exact
		}
		if moves[a].Hi != moves[b].Hi {
			return moves[a].Hi > moves[b].Hi
		}
		return moves[a].Lo > moves[b].Lo
	})
	res := MovesResult{Moves: moves}
	res.Lo, res.Hi = rootBounds(moves)
	top := moves[0]
	if res.Lo == res.Hi && top.Exact {
		res.Exact, res.Value = true, top.Value
		res.PV = []position.Move{top.Move}
		if top.Source != SourceEnd {
			q, _ := movegen.MakeMove(root, top.Move, o.Rules)
			line, _ := s.workers[0].pv(ctx, q, -top.Value)
			res.PV = append(res.PV, line...)
		}
	}
	res.Nodes, res.Time = s.nodes(), time.Since(s.begin)
	return res, nil
}

// rootBounds returns the bounds on the root's value the moves' bounds
// give: the best of each end.
func rootBounds(moves []MoveValue) (lo, hi int) {
	lo, hi = moves[0].Lo, moves[0].Hi
	for _, mv := range moves[1:] {
		lo, hi = max(lo, mv.Lo), max(hi, mv.Hi)
	}
	return lo, hi
}
