// Reporting a search: the info lines of each depth, the final one, the line a database or the table extends, and the result.

package search

import (
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// report sends the info lines of a completed depth, best first.
func (s *shared) report(lines []rootMove, depth int) {
	if s.info == nil {
		return
	}
	s.workers[0].publishedNodes.Store(s.workers[0].nodes)
	el := time.Since(s.start)
	nodes := s.totalNodes()
	s.reported = nodes
	hf := s.tt.Hashfull()
	for k := range lines {
		r := &lines[k]
		v, proven := s.decode(r.score)
		s.info(Info{
			Depth: depth, SelDepth: max(r.selDepth, depth), MultiPV: k + 1, Lines: len(lines),
			Score: v, Proven: proven, Nodes: nodes, NPS: nps(nodes, el),
			Hashfull: hf, Time: el, PV: gameMoves(s.heldLine(r)),
		})
	}
}

// heldLine returns r's line, continued with the endgame database's best
// line (egdb.DB.Line) when it ends in a position the database holds: the
// search scores such a position by its value without searching it, so
// its line would stop there, while the value is that of the database's
// line to the game's end.
func (s *shared) heldLine(r *rootMove) []position.Move {
	pv := r.pv[:r.pvLen]
	if s.db == nil || len(pv) == 0 {
		return pv
	}
	p := r.pos
	for _, m := range pv[1:] {
		q, st := movegen.MakeMove(p, m, s.rules)
		if st != movegen.Legal {
			return pv
		}
		p = q
	}
	if _, ok := s.db.Probe(&p, s.rules); !ok {
		return pv
	}
	return s.db.Line(p, s.rules, maxPly-len(pv), append([]position.Move(nil), pv...))
}

// played is the line thread best's result plays: its last completed
// depth's first line, or, in a one-line search, the stopped depth's best
// where that depth found a move that beat the completed one's before the
// stop: that move has been searched deeper than the completed depth's,
// and games do no worse with it (the match: docs/strength.md).
func (s *shared) played(best *worker) *rootMove {
	if s.multiPV == 1 && best.done > 0 && len(best.root) > 0 && best.root[0].move != best.lines[0].move {
		return &best.root[0]
	}
	return &best.lines[0]
}

// reportFinal sends the lines of the result again with the search's
// totals, unless the last report was those lines with every node
// counted: the last lines before the move is played are always complete
// and the move's own. The completed depth's lines, or the stopped depth's
// better move (played) with its line continued from the table.
func (s *shared) reportFinal(best *worker) {
	if r := s.played(best); r != &best.lines[0] {
		s.extendPV(r, max(best.done, 2))
		s.report(best.root[:1], best.done+1)
		return
	}
	if best != s.workers[0] || s.totalNodes() > s.reported {
		s.report(best.lines, best.done)
	}
}

// extendPV continues r's line, which an iteration stopped part-way may
// have cut after a move or two, with the table's moves up to n moves:
// each one played only where it is legal after the line so far, the line
// ending where the table has no move or a position repeats.
func (s *shared) extendPV(r *rootMove, n int) {
	if r.pvLen == 0 {
		r.pv[0], r.pvLen = r.move, 1
	}
	p := r.pos
	var seen [maxPly]uint64
	seen[0] = p.KeyWithPrisons()
	for i := 1; i < r.pvLen; i++ {
		q, st := movegen.MakeMove(p, r.pv[i], s.rules)
		if st != movegen.Legal {
			r.pvLen = i
			break
		}
		p, seen[i] = q, q.KeyWithPrisons()
	}
	for r.pvLen < min(n, maxPly) {
		e, ok := s.tt.Probe(seen[r.pvLen-1])
		if !ok || e.Move == position.NoMove {
			return
		}
		q, st := movegen.MakeMove(p, e.Move, s.rules)
		if st != movegen.Legal {
			return
		}
		k := q.KeyWithPrisons()
		for _, old := range seen[:r.pvLen] {
			if old == k {
				return
			}
		}
		r.pv[r.pvLen], seen[r.pvLen] = e.Move, k
		r.pvLen++
		p = q
	}
}

func nps(nodes uint64, el time.Duration) uint64 {
	if el <= 0 {
		return 0
	}
	return uint64(float64(nodes) / el.Seconds())
}

func gameMoves(ms []position.Move) []position.GameMove {
	out := make([]position.GameMove, len(ms))
	for i, m := range ms {
		out[i] = position.PlayMove(m)
	}
	return out
}

// result is the search's result from thread best: its last completed
// iteration's first line.
func (s *shared) result(best *worker) Result {
	r := s.played(best)
	v, proven := s.decode(r.score)
	if r.score == -Infinite {
		v, proven = 0, false
	}
	// A score that is a bound (the line's last aspiration pass failed
	// inside the window it was given) is no proven value.
	proven = proven && r.exact
	depth := best.done
	if r != &best.lines[0] {
		depth++ // found by the stopped depth
	}
	line := s.heldLine(r)
	if len(line) == 0 {
		line = r.pv[:1]
	}
	res := Result{
		Best: position.PlayMove(r.move), HasMove: true, Score: v, Proven: proven,
		Depth: depth, Nodes: s.totalNodes(), PV: gameMoves(line),
	}
	res.PV[0] = res.Best
	if len(res.PV) > 1 {
		res.Ponder = res.PV[1]
	}
	return res
}
