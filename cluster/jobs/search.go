// The search job kind: one search from a cleared table, its bounds, its run, its memory, its result.

package jobs

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/settings"
)

// KindSearch is one search (SearchJob, SearchOut).
const KindSearch = "search"

func init() { cluster.RegisterKind[SearchJob, SearchOut](KindSearch) }

// SearchJob is one search from a cleared table.
type SearchJob struct {
	Position     string   `json:"position"`
	History      []uint64 `json:"history,omitempty"` // keys of the game's positions before (search.Engine.Search)
	HashMB       int      `json:"hash_mb,omitempty"` // 0: the worker's --hash
	FreeFirstLap bool     `json:"free_first_lap,omitempty"`
	Depth        int      `json:"depth,omitempty"`
	Nodes        uint64   `json:"nodes,omitempty"`
	MoveTimeMS   int64    `json:"movetime_ms,omitempty"`
	Objective    string   `json:"objective,omitempty"` // margin (default) or match
	Multiplier   int      `json:"multiplier,omitempty"`
	MultiPV      int      `json:"multipv,omitempty"` // lines searched (0: 1); lines 2 on come back in SearchOut.Lines
}

func (s *SearchJob) Untimed() bool { return s.MoveTimeMS == 0 }

func (s *SearchJob) Check() error {
	if _, err := position.Parse(s.Position); err != nil {
		return fmt.Errorf("search: position: %v", err)
	}
	switch {
	case s.Depth != 0 && !limits.Depth.Contains(int64(s.Depth)):
		return fmt.Errorf("search: depth %d: want 0 (none) or %d to %d", s.Depth, limits.Depth.Min, limits.Depth.Max)
	case s.Nodes > uint64(limits.Nodes.Max):
		return fmt.Errorf("search: nodes %d: want 0 (none) or %d to %d", s.Nodes, limits.Nodes.Min, limits.Nodes.Max)
	case s.MoveTimeMS < 0 || s.MoveTimeMS > maxMillis:
		return fmt.Errorf("search: movetime_ms %d: want 0 to %d", s.MoveTimeMS, maxMillis)
	case s.Depth == 0 && s.Nodes == 0 && s.MoveTimeMS == 0:
		return errors.New("search: no limit: set depth, nodes or movetime_ms")
	case len(s.History) > maxHistory:
		return fmt.Errorf("search: history of %d positions: at most %d", len(s.History), maxHistory)
	}
	// The engine settings, as the settings table bounds them (0 or "":
	// the default).
	if s.Objective != "" {
		if _, err := settings.ParseObjective("search: objective", s.Objective); err != nil {
			return err
		}
	}
	for _, f := range []struct {
		s    *settings.Setting
		name string
		v    int
	}{{settings.Multiplier, "search: multiplier", s.Multiplier}, {settings.Hash, "search: hash_mb", s.HashMB}, {settings.MultiPV, "search: multipv", s.MultiPV}} {
		if f.v != 0 {
			if err := f.s.Check(f.name, int64(f.v)); err != nil {
				return err
			}
		}
	}
	return nil
}

// maxHistory bounds a search job's history (a book line is at most 256).
const maxHistory = 4096

// searchOptions are the engine options of a search job on a worker whose
// own table size (--hash) is hashMB.
func (s *SearchJob) searchOptions(hashMB int) search.Options {
	o := search.Options{Threads: 1, HashMB: hashMB, MultiPV: max(s.MultiPV, 1),
		Rules: movegen.Rules{FreeFirstLap: s.FreeFirstLap}, Multiplier: s.Multiplier}
	if s.HashMB > 0 {
		o.HashMB = s.HashMB
	}
	if o.HashMB == 0 {
		o.HashMB = limits.DefaultHashMB
	}
	if o.Multiplier == 0 {
		o.Multiplier = movegen.DefaultMultiplier
	}
	if s.Objective != "" {
		o.Objective, _ = settings.ParseObjective("objective", s.Objective) // checked by ParseJob
	}
	return o
}

// MemoryMB is the search's engine.
func (s *SearchJob) MemoryMB(env *cluster.Env) (int64, string, error) {
	o := s.searchOptions(env.HashMB)
	return engineMB(o), fmt.Sprintf("hash %d", o.HashMB), nil
}

func (s *SearchJob) Run(ctx context.Context, env *cluster.Env) (cluster.Output, error) {
	o := s.searchOptions(env.HashMB)
	eng, err := engine(env, o)
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

// SearchOut is a search's result.
type SearchOut struct {
	Best    string   `json:"best,omitempty"` // empty: no legal move
	Score   int      `json:"score"`
	Proven  bool     `json:"proven,omitempty"`
	Depth   int      `json:"depth"`
	Nodes   uint64   `json:"nodes"`
	PV      []string `json:"pv,omitempty"`
	HashMB  int      `json:"hash_mb"`
	Elapsed int64    `json:"elapsed_ms"`
	// Lines are lines 2 on of a MultiPV search, each as last reported;
	// First is line 1 as last reported (the result may be a later,
	// stopped iteration's move), with its first moves.
	Lines []LineOut `json:"lines,omitempty"`
	First *LineOut  `json:"first,omitempty"`
}

// LineOut is one line of a MultiPV search.
type LineOut struct {
	Score  int  `json:"score"`
	Proven bool `json:"proven,omitempty"`
	Depth  int  `json:"depth"`
	// Move and Reply are the line's first two moves ("" if none): a
	// review values the played move by its line (annotate).
	Move  string `json:"move,omitempty"`
	Reply string `json:"reply,omitempty"`
}

// Check: a search is checked against its job (searchResult).
func (s *SearchOut) Check() error { return nil }

// same compares two runs of one search: the move, the score, the depth,
// the nodes, the PV and the further lines (not the time).
func (s *SearchOut) Same(o cluster.Output) error {
	t, ok := o.(*SearchOut)
	switch {
	case !ok:
		return errors.New("not a search")
	case s.Best != t.Best || s.Score != t.Score || s.Proven != t.Proven || s.Depth != t.Depth:
		return cluster.Differ("best move and score", fmt.Sprintf("%s %d/%d", s.Best, s.Score, s.Depth), fmt.Sprintf("%s %d/%d", t.Best, t.Score, t.Depth))
	case s.Nodes != t.Nodes:
		return cluster.Differ("nodes", s.Nodes, t.Nodes)
	case !slices.Equal(s.PV, t.PV):
		return cluster.Differ("pv", s.PV, t.PV)
	case !slices.Equal(s.Lines, t.Lines):
		return cluster.Differ("lines", s.Lines, t.Lines)
	case (s.First == nil) != (t.First == nil) || s.First != nil && *s.First != *t.First:
		return cluster.Differ("first line", s.First, t.First)
	}
	return nil
}
