// The perft coordinator: one job for each root move's subtree.

package cluster

import (
	"context"
	"fmt"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Divide returns movegen.Divide's lines, the subtree below each root move
// counted by a worker. Opening positions (counted by formula) and depths
// below 2 are counted here.
func Divide(ctx context.Context, c *Coordinator, p position.Position, depth int, rules movegen.Rules) ([]movegen.DivideLine, error) {
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
	job := func(k int) Job {
		return Job{Kind: KindPerft, Perft: &PerftJob{Position: children[k], Depth: depth - 1, FreeFirstLap: rules.FreeFirstLap}}
	}
	done := func(k int, r *Result) (bool, error) {
		if r.Perft == nil {
			return false, fmt.Errorf("result of root move %s from worker %s: not a perft count", lines[k].Move, excerpt.Prefix(r.Worker))
		}
		lines[k].Count = r.Perft.Nodes
		return false, nil
	}
	if err := c.Do(ctx, n, job, done); err != nil {
		return nil, err
	}
	return lines, nil
}
