// The perft job kind (a subtree's count) and the perft coordinator: one job for each root move's subtree.

package jobs

import (
	"context"
	"errors"
	"fmt"

	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// KindPerft is a perft subtree (PerftJob, PerftOut).
const KindPerft = "perft"

func init() { cluster.RegisterKind[PerftJob, PerftOut](KindPerft) }

// PerftJob counts the move paths of a position to a depth.
type PerftJob struct {
	Position     string `json:"position"`
	Depth        int    `json:"depth"`
	FreeFirstLap bool   `json:"free_first_lap,omitempty"`
}

// maxPerftDepth bounds a perft job; deeper subtrees are split into jobs.
const maxPerftDepth = 30

func (p *PerftJob) Check() error {
	if _, err := position.Parse(p.Position); err != nil {
		return fmt.Errorf("perft: position: %v", err)
	}
	if p.Depth < 0 || p.Depth > maxPerftDepth {
		return fmt.Errorf("perft: depth %d: want 0 to %d", p.Depth, maxPerftDepth)
	}
	return nil
}

func (p *PerftJob) Untimed() bool { return true }

func (p *PerftJob) Run(ctx context.Context, _ *cluster.Env) (cluster.Output, error) {
	pos, _ := position.Parse(p.Position) // checked by ParseJob
	n, err := movegen.Perft(ctx, pos, p.Depth, movegen.PerftOptions{Rules: movegen.Rules{FreeFirstLap: p.FreeFirstLap}})
	if err != nil {
		return nil, err
	}
	return &PerftOut{Nodes: n}, nil
}

// MemoryMB: a perft takes no table.
func (p *PerftJob) MemoryMB(*cluster.Env) (int64, string, error) { return 0, "", nil }

// PerftOut is a perft count.
type PerftOut struct {
	Nodes uint64 `json:"nodes"`
}

func (p *PerftOut) Check() error { return nil }

func (p *PerftOut) Same(o cluster.Output) error {
	q, ok := o.(*PerftOut)
	switch {
	case !ok:
		return errors.New("not a perft count")
	case p.Nodes != q.Nodes:
		return cluster.Differ("nodes", p.Nodes, q.Nodes)
	}
	return nil
}

// Divide returns movegen.Divide's lines, the subtree below each root move
// counted by a worker. Opening positions (counted by formula) and depths
// below 2 are counted here.
func Divide(ctx context.Context, c *cluster.Coordinator, p position.Position, depth int, rules movegen.Rules) ([]movegen.DivideLine, error) {
	if p.Phase() != position.Play || depth < 2 {
		return movegen.Divide(ctx, p, depth, movegen.PerftOptions{Rules: rules})
	}
	var moves movegen.MoveList
	n := movegen.Generate(&p, rules, &moves)
	lines := make([]movegen.DivideLine, n)
	children := make([]string, n)
	for k := range n {
		child, st := movegen.MakeMove(p, moves[k], rules)
		if st != movegen.Legal {
			return nil, fmt.Errorf("root move %s: not legal (%v)", moves[k], st)
		}
		lines[k].Move, children[k] = moves[k].String(), child.String()
	}
	job := func(k int) cluster.Job {
		return cluster.NewJob(KindPerft, &PerftJob{Position: children[k], Depth: depth - 1, FreeFirstLap: rules.FreeFirstLap})
	}
	done := func(k int, r *cluster.Result) (bool, error) {
		out, err := outputOf[*PerftOut](r, "a perft count")
		if err != nil {
			return false, fmt.Errorf("result of root move %s from worker %s: %v", lines[k].Move, excerpt.Prefix(r.Worker), err)
		}
		lines[k].Count = out.Nodes
		return false, nil
	}
	if err := c.Execute(ctx, &cluster.Plan{N: n, Job: job, Done: done, Deterministic: true}); err != nil {
		return nil, err
	}
	return lines, nil
}
