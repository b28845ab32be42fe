// Perft: exact move-path counts (RULES.md §8), the move generator's proof.

package movegen

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync/atomic"

	"github.com/kiothi/kiothi/position"
	"golang.org/x/sync/errgroup"
)

// PerftOptions tune a perft run; the zero value is one thread, no hash.
type PerftOptions struct {
	Rules   Rules
	Threads int        // goroutines over root moves; <= 1 runs serially
	Hash    *PerftHash // optional (key, depth) -> count table, shared
}

// DivideLine is one root move (or, at the opening, one source pair) and
// its count.
type DivideLine struct {
	Move  string
	Count uint64
}

// Perft returns perft(p, depth). At the opening it counts by formula
// (turn 1 to depth 2, turn 2 to depth 1) and refuses deeper depths, which
// would have to enumerate billions of play positions.
func Perft(ctx context.Context, p position.Position, depth int, o PerftOptions) (uint64, error) {
	lines, err := Divide(ctx, p, depth, o)
	if err != nil {
		return 0, err
	}
	if depth == 0 {
		return 1, nil
	}
	return sumLines(lines)
}

func sumLines(lines []DivideLine) (uint64, error) {
	var total uint64
	for _, l := range lines {
		var carry uint64
		if total, carry = bits.Add64(total, l.Count, 0); carry != 0 {
			return 0, ErrOverflow
		}
	}
	return total, nil
}

// Divide returns the perft count below each root move in board order (at
// the opening, below each source pair). Depth 0 has no lines.
func Divide(ctx context.Context, p position.Position, depth int, o PerftOptions) ([]DivideLine, error) {
	if depth < 0 {
		return nil, fmt.Errorf("depth %d: must be at least 0", depth)
	}
	if depth == 0 {
		return nil, nil
	}
	switch p.Phase() {
	case position.OpeningSouth:
		if depth > 2 {
			return nil, fmt.Errorf("depth %d from turn 1 would enumerate play positions after the opening (billions of billions); turn 1 counts to depth 2", depth)
		}
		return divideOpening(&p, depth)
	case position.OpeningNorth:
		if depth > 1 {
			return nil, fmt.Errorf("depth %d from turn 2 would enumerate the tens of billions of play positions after North's redistribution; turn 2 counts to depth 1", depth)
		}
		return divideOpening(&p, depth)
	}
	return dividePlay(ctx, p, depth, o)
}

func divideOpening(p *position.Position, depth int) ([]DivideLine, error) {
	var lines []DivideLine
	var err error
	ForEachPair(p, func(i, j, l int) {
		if err != nil {
			return
		}
		n := CountPair(l)
		if depth == 2 {
			n, err = turn2Replies(p, l)
		}
		lines = append(lines, DivideLine{position.PairString(i, j), n})
	})
	return lines, err
}

func dividePlay(ctx context.Context, p position.Position, depth int, o PerftOptions) ([]DivideLine, error) {
	var moves MoveList
	n := Generate(&p, o.Rules, &moves)
	lines := make([]DivideLine, n)
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(max(o.Threads, 1))
	var stop atomic.Bool
	for k := 0; k < n; k++ {
		m := moves[k]
		lines[k].Move = m.String()
		g.Go(func() error {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			w := perftWorker{rules: o.Rules, hash: o.Hash, stop: &stop, ctx: ctx,
				stack: make([]position.Position, depth+1)}
			w.stack[0], _ = MakeMove(p, m, o.Rules)
			c := w.perft(0, depth-1)
			if w.err != nil {
				stop.Store(true)
				return w.err
			}
			lines[k].Count = c
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return lines, nil
}

// perftWorker is one goroutine's perft state.
type perftWorker struct {
	rules Rules
	hash  *PerftHash
	stop  *atomic.Bool
	ctx   context.Context
	nodes uint64
	err   error
	// stack[ply] is the position at ply (0: after the root move). Children
	// are made in place there, not passed by value: a child written field
	// by field (EndTurn) and then copied whole into a call's arguments
	// stalled on store forwarding at every interior move.
	stack []position.Position
}

func (w *perftWorker) perft(ply, depth int) uint64 {
	p := &w.stack[ply]
	if depth == 0 {
		return 1
	}
	if depth == 1 {
		return uint64(CountMoves(p, w.rules))
	}
	if w.hash != nil {
		if c, ok := w.hash.probe(p.Key(), depth); ok {
			return c
		}
	}
	if w.nodes++; w.nodes&0xFFFF == 0 && (w.stop.Load() || w.ctx.Err() != nil) {
		if w.err == nil {
			w.err = errors.New("perft stopped")
			if e := w.ctx.Err(); e != nil {
				w.err = e
			}
		}
	}
	if w.err != nil {
		return 0
	}
	side := p.Side()
	first := position.Leftmost(side)
	// The first lap of a hand under 20 from pit lands on pit+n (doubled
	// mask): skip those the first-lap restriction forbids without sowing.
	var blocked uint64
	if !w.rules.FreeFirstLap {
		blocked = position.Doubled(p.Occupied()) & position.Doubled((1<<position.RowPits-1)<<uint(first))
	}
	var total uint64
	for pit := first; pit < first+position.RowPits; pit++ {
		c := p.Count(pit)
		for n := 1; n <= c; n++ {
			if n < position.NumPits {
				if blocked>>(uint(pit+n)&63)&1 != 0 {
					continue
				}
			} else if last, occ := landing(p, pit, c, n); occ && !w.rules.FreeFirstLap && position.Owner(last) == side {
				continue
			}
			q := &w.stack[ply+1]
			*q = *p
			if Sow(q, pit, n, w.rules) != Legal {
				continue
			}
			q.EndTurn()
			sub := w.perft(ply+1, depth-1)
			var carry uint64
			if total, carry = bits.Add64(total, sub, 0); carry != 0 && w.err == nil {
				w.err = ErrOverflow
			}
		}
	}
	if w.hash != nil {
		w.hash.store(p.Key(), depth, total)
	}
	return total
}

// PerftHash is a lock-free (key, depth) -> count table shared by perft
// goroutines. Each entry is two words written with atomic stores: the
// check word key^depth^count and the count. A reader that meets a torn
// entry (one word new, one old) sees a check mismatch, so a miss, never a
// wrong count.
type PerftHash struct {
	entries []perftEntry
	shift   uint // 64 - log2(len(entries))
}

type perftEntry struct{ check, count atomic.Uint64 }

// NewPerftHash returns a table of about mb megabytes (a power-of-two number
// of 16-byte entries); mb <= 0 returns nil (no table).
func NewPerftHash(mb int) *PerftHash {
	if mb <= 0 {
		return nil
	}
	n, lg := uint64(1), uint(0)
	for n*2*16 <= uint64(mb)<<20 {
		n, lg = n*2, lg+1
	}
	return &PerftHash{entries: make([]perftEntry, n), shift: 64 - lg}
}

func perftCheck(key uint64, depth int) uint64 {
	return key ^ uint64(depth)*0x9E3779B97F4A7C15
}

func (h *PerftHash) slot(key uint64) *perftEntry {
	return &h.entries[position.MixKey(key)>>h.shift]
}

func (h *PerftHash) probe(key uint64, depth int) (uint64, bool) {
	e := h.slot(key)
	check, count := e.check.Load(), e.count.Load()
	if check^count == perftCheck(key, depth) {
		return count, true
	}
	return 0, false
}

func (h *PerftHash) store(key uint64, depth int, count uint64) {
	e := h.slot(key)
	e.check.Store(perftCheck(key, depth) ^ count)
	e.count.Store(count)
}
