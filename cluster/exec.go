// Running one job on a worker: a game, a search, a perft subtree or a
// datagen game.

package cluster

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// runnerState is what one runner keeps between jobs: its search engine,
// rebuilt only when a job needs other options.
type runnerState struct {
	eng  *search.Engine
	opts search.Options
}

// engine returns the runner's engine with options o. The engine it had
// before is dropped first, so that a runner never holds two tables (the
// memory check counts one a runner).
func (rs *runnerState) engine(o search.Options) (*search.Engine, error) {
	if rs.eng == nil || rs.opts != o {
		rs.eng = nil
		e, err := search.NewEngine(o)
		if err != nil {
			return nil, err
		}
		rs.eng, rs.opts = e, o
	}
	return rs.eng, nil
}

// execute runs job and returns its result (Error set when it could not).
func (w *worker) execute(ctx context.Context, job *Job, rs *runnerState) *Result {
	res := &Result{Run: job.Run, N: job.N, Try: job.Try, Kind: job.Kind}
	var err error
	switch job.Kind {
	case KindGame:
		res.Game, err = w.game(ctx, job.Game)
	case KindSearch:
		res.Search, err = w.search(ctx, job.Search, rs)
	case KindPerft:
		res.Perft, err = perft(ctx, job.Perft)
	case KindDatagen:
		res.Datagen, err = datagenGame(ctx, job.Datagen, rs)
	}
	if err != nil {
		res.Game, res.Search, res.Perft, res.Datagen = nil, nil, nil, nil
		res.Error = err.Error()
	}
	return res
}

func (w *worker) game(ctx context.Context, g *GameJob) (*GameOut, error) {
	p1, err := w.specs.get(g.Player1)
	if err != nil {
		return nil, err
	}
	p2, err := w.specs.get(g.Player2)
	if err != nil {
		return nil, err
	}
	for _, p := range []match.Factory{p1, p2} {
		if p.External && !w.cfg.AllowExternal {
			return nil, fmt.Errorf("player %s runs a program on the worker: start the worker with --allow-ugi to allow it", excerpt.Quote(p.Name))
		}
	}
	start, _ := position.Parse(g.Start) // checked by ParseJob
	gc, _ := g.config()                 // checked by ParseJob
	r, err := match.PlayNumbered(ctx, match.Config{Player1: p1, Player2: p2, Seed: g.Seed, Game: gc}, start, g.Number)
	if err != nil {
		return nil, err
	}
	return gameOut(&r, g.Notes), nil
}

func (w *worker) search(ctx context.Context, s *SearchJob, rs *runnerState) (*SearchOut, error) {
	o := s.searchOptions(w.cfg.HashMB)
	eng, err := rs.engine(o)
	if err != nil {
		return nil, err
	}
	eng.NewGame()
	pos, _ := position.Parse(s.Position) // checked by ParseJob
	begin := time.Now()
	var lines []LineOut // lines 2 on, each as last reported
	var first *LineOut  // line 1 as last reported
	var info func(search.Info)
	if o.MultiPV > 1 {
		lines = make([]LineOut, 0, o.MultiPV-1)
		info = func(in search.Info) {
			ln := LineOut{Score: in.Score, Proven: in.Proven, Depth: in.Depth}
			if len(in.PV) > 0 {
				ln.Move = in.PV[0].String()
			}
			if len(in.PV) > 1 {
				ln.Reply = in.PV[1].String()
			}
			k := in.MultiPV - 2
			if k == -1 {
				first = &ln
			}
			if k < 0 || k >= o.MultiPV-1 {
				return
			}
			for len(lines) <= k {
				lines = append(lines, LineOut{})
			}
			lines[k] = ln
		}
	}
	r := eng.Search(ctx, pos, s.History, search.Limits{Depth: s.Depth, Nodes: s.Nodes,
		MoveTime: time.Duration(s.MoveTimeMS) * time.Millisecond}, info)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := &SearchOut{Score: r.Score, Proven: r.Proven, Depth: r.Depth, Nodes: r.Nodes,
		HashMB: o.HashMB, Elapsed: time.Since(begin).Milliseconds(), Lines: lines, First: first}
	if r.HasMove {
		out.Best = r.Best.String()
	}
	for _, m := range r.PV {
		out.PV = append(out.PV, m.String())
	}
	return out, nil
}

func perft(ctx context.Context, p *PerftJob) (*PerftOut, error) {
	pos, _ := position.Parse(p.Position) // checked by ParseJob
	n, err := movegen.Perft(ctx, pos, p.Depth, movegen.PerftOptions{Rules: movegen.Rules{FreeFirstLap: p.FreeFirstLap}})
	if err != nil {
		return nil, err
	}
	return &PerftOut{Nodes: n}, nil
}

func datagenGame(ctx context.Context, d *DatagenJob, rs *runnerState) (*DatagenOut, error) {
	cfg, err := d.config()
	if err != nil {
		return nil, err
	}
	eng, err := rs.engine(cfg.EngineOptions())
	if err != nil {
		return nil, err
	}
	recs, err := datagen.PlayGame(ctx, &cfg, eng, uint32(d.Number))
	if err != nil {
		return nil, err
	}
	return &DatagenOut{Records: datagen.AppendRecords(make([]byte, 0, len(recs)*datagen.RecordSize), recs)}, nil
}

// specCache keeps parsed player specs (a book spec opens its file once).
type specCache struct {
	mu sync.Mutex
	m  map[string]match.Factory
}

// maxSpecs bounds the cache; it is emptied when full.
const maxSpecs = 32

func (c *specCache) get(spec string) (match.Factory, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if f, ok := c.m[spec]; ok {
		return f, nil
	}
	f, err := match.ParseSpec(spec)
	if err != nil {
		return f, err
	}
	if c.m == nil || len(c.m) >= maxSpecs {
		c.m = map[string]match.Factory{}
	}
	c.m[spec] = f
	return f, nil
}
