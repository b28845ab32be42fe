// The solver's search: one thread's null-window alpha-beta with the table, database and repetitions.

package solve

import (
	"math"
	"math/bits"
	"sync/atomic"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// worker is one search thread.
type worker struct {
	s *solver
	// count is the nodes this worker searched; nodes publishes it to the
	// other goroutines every 1024 nodes and at the end of each search.
	count   uint64
	nodes   atomic.Uint64
	aborted bool
	// path holds KeyWithPrisons of the positions on the line from the root
	// (root first) with their prison totals, for repetition.
	path  []pathEntry
	plies [][]child
	// hist sums the nodes of the cutoffs each move (by side and encoding)
	// made, each counted up to 1<<20, less those of the cutoffs it was
	// searched before in vain (not below 0), to order the quiet moves.
	hist [2][1 << 11]int32
	// The node being expanded: its leaf children's values (repetitions and
	// database positions), its other children's keys and what probing found.
	leafValue   [movegen.MaxMoves]int
	searchedKid [movegen.MaxMoves]uint8    // the child of each move that is searched, in kids
	dbEntry     [movegen.MaxMoves]egdb.Ref // the database entry of each move that has one
	keys        [movegen.MaxMoves]uint64
	probed      [movegen.MaxMoves]Entry
	found       [movegen.MaxMoves]bool
	batch       BatchTable // the table, when it probes in batches
	pre         Prefetcher // the table, when it prefetches
}

// The kinds of leaf a child can be.
const (
	repLeaf = 1 + iota // a repetition: the sweep's value, path-dependent
	dbLeaf             // held by the database: exact on every path
)

type pathEntry struct {
	key     uint64
	prisons int
}

type child struct {
	pos   position.Position
	m     position.Move
	score int
	off   int // the table offset of pos (see ttKey)
}

func newWorker(s *solver) *worker {
	w := &worker{s: s}
	w.batch, _ = s.opts.Table.(BatchTable)
	w.pre, _ = s.opts.Table.(Prefetcher)
	return w
}

// repeated reports whether reaching p ends the game by repetition
// (movegen.Repeats): its earlier occurrences on the line and in the
// history (positions of equal prisons only can match).
func (w *worker) repeated(p *position.Position) bool {
	k := p.KeyWithPrisons()
	tot := p.Prison(position.South) + p.Prison(position.North)
	n := 0
	i := len(w.path) - 1
	for ; i >= 0 && w.path[i].prisons == tot; i-- {
		if w.path[i].key == k {
			n++
		}
	}
	if i < 0 {
		n += w.s.history.Count(k)
	}
	return movegen.Repeats(n)
}

// sweepValue is the repetition ending's value for the side to move.
func (w *worker) sweepValue(p *position.Position) int {
	s := p.Side()
	return w.s.value(p.Prison(s) + p.RowTotal(s) - p.Prison(s.Other()) - p.RowTotal(s.Other()))
}

// noMoveValue is the value when the side to move has no legal move.
func (w *worker) noMoveValue(p *position.Position) int {
	return w.s.value(prisonDiff(p) - p.BoardTotal())
}

func (w *worker) root(p *position.Position, alpha, beta int) int {
	w.path = w.path[:0]
	v, _ := w.search(p, alpha, beta, 0)
	w.nodes.Store(w.count)
	return v
}

// search is fail-soft alpha-beta on exact values. It returns the value
// bound and whether a repetition influenced it (then it is path-dependent
// and not stored). p must not be a repetition (callers check).
func (w *worker) search(p *position.Position, alpha, beta, ply int) (int, bool) {
	w.count++
	n := w.count
	if n&1023 == 0 {
		w.nodes.Store(n)
		if w.s.stop.Load() || w.s.overBudget() {
			w.aborted = true
		}
	}
	if w.aborted {
		return 0, true
	}
	s := w.s
	if s.db != nil {
		if v, ok := s.db.Probe(p, s.opts.Rules); ok {
			return prisonDiff(p) + v, false
		}
	}
	lo, hi := s.bounds(p)
	key, off := s.ttKey(p)
	ttMove := position.NoMove
	if e, ok := s.opts.Table.Probe(key); ok {
		lo, hi = max(lo, int(e.Lo)+off), min(hi, int(e.Hi)+off)
		ttMove = e.Move
	}
	if lo >= beta || lo == hi {
		return lo, false
	}
	if hi <= alpha {
		return hi, false
	}
	var list movegen.MoveList
	nm := movegen.Generate(p, s.opts.Rules, &list)
	if nm == 0 {
		v := w.noMoveValue(p)
		s.opts.Table.Store(key, Entry{Lo: int8(v - off), Hi: int8(v - off)})
		return v, false
	}
	for len(w.plies) <= ply {
		w.plies = append(w.plies, make([]child, 0, movegen.MaxMoves))
	}
	kids := w.plies[ply][:0]
	side := p.Side()
	tot := p.Prison(position.South) + p.Prison(position.North)
	w.path = append(w.path, pathEntry{p.KeyWithPrisons(), tot})
	best, bestMove, tainted := math.MinInt, position.NoMove, false
	// The children first, then their table entries probed together (the
	// probes' memory loads overlap), then each move in generation order:
	// a repetition is a leaf scored at once, a child whose stored upper
	// bound already refutes beta an enhanced transposition cutoff.
	// A child the database holds is a leaf scored at once too: its entry
	// is located as it is made and read once all are (the reads' cache
	// misses overlap).
	var leaf [movegen.MaxMoves]uint8
	pending := false
	for i, m := range list[:nm] {
		q, _ := movegen.MakeMove(*p, m, s.opts.Rules)
		if w.repeated(&q) {
			leaf[i], w.leafValue[i] = repLeaf, -w.sweepValue(&q)
			continue
		}
		if s.db != nil {
			if e, ok := s.db.Entry(&q, s.opts.Rules); ok {
				leaf[i], w.leafValue[i], w.dbEntry[i], pending = dbLeaf, -prisonDiff(&q), e, true
				continue
			}
		}
		kids = w.addKid(kids, i, &q, m, q.Prison(side)-p.Prison(side))
	}
	if pending {
		for i := range list[:nm] {
			if leaf[i] != dbLeaf {
				continue
			}
			if v, ok := w.dbEntry[i].Value(); ok {
				w.leafValue[i] -= v
				continue
			}
			// A value a repetition can change: searched after all.
			q, _ := movegen.MakeMove(*p, list[i], s.opts.Rules)
			leaf[i] = 0
			kids = w.addKid(kids, i, &q, list[i], q.Prison(side)-p.Prison(side))
		}
	}
	w.probeAll(len(kids))
	tm := -1
	for i, m := range list[:nm] {
		if leaf[i] != 0 {
			v := w.leafValue[i]
			tainted = tainted || leaf[i] == repLeaf
			if v > best {
				best, bestMove = v, m
			}
			if best >= beta {
				w.path = w.path[:len(w.path)-1]
				if !tainted {
					s.opts.Table.Store(key, Entry{Lo: int8(best - off), Hi: int8(hi - off), Move: m})
				}
				return best, tainted
			}
			continue
		}
		k := int(w.searchedKid[i])
		c := &kids[k]
		if w.found[k] {
			e := &w.probed[k]
			if v := -(int(e.Hi) + c.off); v >= beta {
				s.opts.Table.Store(key, Entry{Lo: int8(v - off), Hi: int8(hi - off), Move: m})
				w.path = w.path[:len(w.path)-1]
				return v, false
			}
			c.score += 16 * (-(int(e.Lo) + c.off) + 64) // optimistic value first
		}
		if m == ttMove {
			tm = k
		}
		c.score += bits.Len32(uint32(w.hist[side][m&(1<<11-1)])) * histWeight
	}
	// The table move first, then the others in order. The replies are
	// counted only when they order something: not for the table move,
	// and not for the others when it cuts off.
	sorted := 0
	if tm >= 0 {
		t := kids[tm]
		copy(kids[1:tm+1], kids[:tm])
		kids[0] = t
		sorted = 1
	}
	w.plies[ply] = kids
	// With busy marks (two threads or more), a child after the first that
	// another thread is searching now is put off until the others are
	// searched: by then its entry is likely stored (ABDADA, simplified).
	// The first child is searched at once, so that threads meeting at a
	// cut node go down its first child together and part below.
	marks := s.busy != nil && p.BoardTotal() >= s.opts.busyMin
	var putOff uint64 // kids put off and not searched yet, a bit each
	tried := 0        // the children searched are among kids[:tried]
	for j := 0; best < beta; j++ {
		i := j
		if j >= len(kids) {
			if putOff == 0 {
				break
			}
			i = bits.TrailingZeros64(putOff) // the put-off children, last
			putOff &^= 1 << i
		} else if i == sorted {
			w.order(p, kids[sorted:])
		}
		c := &w.plies[ply][i]
		var ck uint64
		marked := false
		if marks {
			ck, _ = s.ttKey(&c.pos)
			if i > 0 && j < len(kids) && s.busy.Held(ck, 0) {
				putOff |= 1 << i
				continue
			}
			marked = s.busy.Mark(ck, busyOwner)
		}
		tried = max(tried, i+1)
		v, t := w.search(&c.pos, -beta, -max(alpha, best), ply+1)
		if marked {
			s.busy.Clear(ck)
		}
		if w.aborted {
			w.path = w.path[:len(w.path)-1]
			return 0, true
		}
		v = -v
		tainted = tainted || t
		if v > best {
			best, bestMove = v, c.m
		}
	}
	w.path = w.path[:len(w.path)-1]
	if best >= beta {
		// The cutoff's nodes are the move's credit and a debit to each
		// move searched before it in vain.
		work := int32(min(w.count-n, 1<<20))
		for i, c := range w.plies[ply][:tried] {
			h := &w.hist[side][c.m&(1<<11-1)]
			if putOff&(1<<i) != 0 {
				continue // not searched
			}
			if c.m != bestMove {
				*h = max(0, *h-work)
			} else if *h < 1<<30 {
				*h += work
			}
		}
	}
	if !tainted {
		e := Entry{Lo: int8(lo - off), Hi: int8(hi - off), Move: bestMove}
		switch {
		case best >= beta:
			e.Lo = int8(best - off)
		case best <= alpha:
			e.Hi = int8(best - off)
		default:
			e.Lo, e.Hi = int8(best-off), int8(best-off)
		}
		e.Work = int8(bits.Len64(w.count - n))
		s.opts.Table.Store(key, e)
	}
	return best, tainted
}
