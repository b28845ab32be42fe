// Exact endgame labels: positions of data files labelled with the value
// package solve proves for them.

package datagen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/record"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/solve"
	"golang.org/x/sync/errgroup"
)

// DefaultExactHashMB is the solver's table a position, in MB, when
// ExactOptions.HashMB is 0 (and kiothi datagen exact's --hash default).
const DefaultExactHashMB = 8

// ExactOptions say which positions LabelExact labels and how.
type ExactOptions struct {
	Lo, Hi int    // warriors on the board, inclusive
	N      int    // positions to try at most, after a shuffle by Seed; 0: all
	Seed   uint64 // the shuffle's seed
	Nodes  uint64 // solver nodes a position; one not proven within them is dropped
	HashMB int    // the solver's table a position (default DefaultExactHashMB)
	// Concurrency is the positions solved at once; the output does not
	// depend on it.
	Concurrency int
	Rules       movegen.Rules
	// Exclude holds KeyWithPrisons of positions never to label (an
	// accuracy set's, say).
	Exclude map[uint64]bool
}

// Check reports an option out of range.
func (o *ExactOptions) Check() error {
	switch {
	case o.Lo < 1 || o.Hi < o.Lo || o.Hi > position.MaxTotal:
		return fmt.Errorf("warriors %d to %d: want 1 <= lo <= hi <= %d", o.Lo, o.Hi, position.MaxTotal)
	case o.N < 0:
		return fmt.Errorf("positions %d: want 0 (all) or more", o.N)
	case o.Nodes < 1:
		return errors.New("solver nodes 0: a bound a position is required (an unbounded solve of a large position may not end)")
	case o.Concurrency < 1:
		return fmt.Errorf("concurrency %d: want at least 1", o.Concurrency)
	}
	return nil
}

// ExactStats counts what CollectExact and LabelExact saw.
type ExactStats struct {
	Read       int // records read
	InRange    int // with Lo..Hi warriors on the board
	Duplicate  int // in range, a position seen before (KeyWithPrisons)
	Excluded   int // in range, in ExactOptions.Exclude
	Candidates int // the distinct positions left
	Tried      int // solved (or stopped at the node bound)
	Proven     int
	Unproven   int // dropped: not proven within the node bound
	Nodes      uint64
	Elapsed    time.Duration
}

// CollectExact reads the records of data files (each reader a whole
// file) and returns the distinct positions with Lo to Hi warriors on the
// board that are not excluded, shuffled by Seed and cut to N, each with
// its first record's search score (Score and Proven) and game number (the score is the solve's
// first guess; the game number keeps a held-out game's positions held
// out).
func CollectExact(files []io.Reader, o *ExactOptions, st *ExactStats) ([]record.Record, error) {
	seen := map[uint64]bool{}
	var out []record.Record
	for i, f := range files {
		rd, err := record.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("file %d: %w", i+1, err)
		}
		for {
			rec, err := rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, fmt.Errorf("file %d: %w", i+1, err)
			}
			st.Read++
			if bt := rec.Pos.BoardTotal(); bt < o.Lo || bt > o.Hi {
				continue
			}
			st.InRange++
			k := rec.Pos.KeyWithPrisons()
			switch {
			case o.Exclude[k]:
				st.Excluded++
				continue
			case seen[k]:
				st.Duplicate++
				continue
			}
			seen[k] = true
			out = append(out, record.Record{Pos: rec.Pos, Score: rec.Score, Proven: rec.Proven, Game: rec.Game})
		}
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x6578616374))
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	if o.N > 0 && len(out) > o.N {
		out = out[:o.N]
	}
	st.Candidates = len(out)
	return out, nil
}

// ExactRecord returns the record of p with exact value v (ExactHeader):
// Score 100 v, Margin v, not marked proven (a proven score is dropped by
// the fit), depth 0.
func ExactRecord(p position.Position, v int, game uint32) record.Record {
	return record.Record{Pos: p, Score: 100 * v, Margin: v, Game: game}
}

// SolveExact proves the value of p (margin objective, no history) within
// maxNodes solver nodes, starting at guess; ok is false when it is not
// proven within them.
func SolveExact(ctx context.Context, p position.Position, r movegen.Rules, table solve.Table, maxNodes uint64, guess int) (v int, nodes uint64, ok bool, err error) {
	guess = max(-position.MaxTotal, min(position.MaxTotal, guess))
	res, err := solve.Solve(ctx, p, solve.Options{Rules: r, Objective: movegen.Margin, Table: table, MaxNodes: maxNodes, Guess: &guess})
	if err != nil {
		return 0, res.Nodes, false, err
	}
	return res.Value, res.Nodes, res.Exact, nil
}

// LabelExact solves each of cands (CollectExact's) with a fresh table and
// the node bound, guessing its score rounded to warriors, and returns the
// proven ones as ExactRecords in cands' order. The result depends on the
// options and cands only. When ctx ends it returns the positions proven
// among the longest run of cands from the start that were all tried, and
// ctx's error, st then counting that run only. progress, if set, is
// called after each position (never twice at once).
func LabelExact(ctx context.Context, cands []record.Record, o *ExactOptions, st *ExactStats, progress func(ExactStats)) ([]record.Record, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	hashMB := o.HashMB
	if hashMB <= 0 {
		hashMB = DefaultExactHashMB
	}
	type result struct {
		done, ok bool
		v        int
	}
	res := make([]result, len(cands))
	began := time.Now()
	var mu sync.Mutex
	next := 0
	g, gctx := errgroup.WithContext(ctx)
	for w := 0; w < o.Concurrency; w++ {
		g.Go(func() error {
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(cands) || gctx.Err() != nil {
					return nil
				}
				c := &cands[i]
				v, nodes, ok, err := SolveExact(gctx, c.Pos, o.Rules, solve.NewMemTable(hashMB), o.Nodes, search.Warriors(c.Score))
				if err != nil {
					return fmt.Errorf("position %s: %w", c.Pos, err)
				}
				if gctx.Err() != nil {
					return nil // cut short, not a verdict
				}
				mu.Lock()
				res[i] = result{done: true, ok: ok, v: v}
				st.Tried++
				st.Nodes += nodes
				if ok {
					st.Proven++
				} else {
					st.Unproven++
				}
				st.Elapsed = time.Since(began)
				if progress != nil {
					progress(*st)
				}
				mu.Unlock()
			}
		})
	}
	err := g.Wait()
	if err == nil {
		err = ctx.Err()
	}
	var out []record.Record
	st.Tried, st.Proven, st.Unproven = 0, 0, 0 // now of the run kept
	for i := range cands {
		if !res[i].done {
			break
		}
		st.Tried++
		if res[i].ok {
			st.Proven++
			out = append(out, ExactRecord(cands[i].Pos, res[i].v, cands[i].Game))
		} else {
			st.Unproven++
		}
	}
	return out, err
}

// WriteExact writes a data file of exact records: the header (h, whose
// Exact must be set) and the records.
func WriteExact(w io.Writer, h *record.Header, recs []record.Record) error {
	if h.Exact == nil {
		return errors.New("an exact labels file needs a header with Exact set")
	}
	if err := record.WriteHeader(w, h); err != nil {
		return err
	}
	_, err := w.Write(record.AppendBlocks(nil, record.AppendRecords(nil, recs)))
	return err
}
