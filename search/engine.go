// Package search finds strong Kiothi moves (placeholder: to be replaced by
// the real alpha-beta search; the API in api.go is the contract).
package search

import (
	"context"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Engine is a reusable searcher with its own transposition table.
type Engine struct{ opts Options }

// NewEngine returns an engine with the given options.
func NewEngine(o Options) (*Engine, error) { return &Engine{opts: o}, nil }

// NewGame clears what the engine learnt (the transposition table).
func (e *Engine) NewGame() {}

// Search searches root. history holds KeyWithPrisons of the game's
// positions, oldest first, root last (movegen.Game.History), for the
// repetition rule. info, if not nil, receives progress reports.
func (e *Engine) Search(ctx context.Context, root position.Position, history []uint64, l Limits, info func(Info)) Result {
	if root.Phase() != position.Play {
		var res Result
		movegen.ForEachPair(&root, func(i, j, _ int) {
			if res.HasMove {
				return
			}
			var d [position.NumPits]int
			d[i], d[j] = root.Count(i), root.Count(j)
			m, err := movegen.NewOpening(&root, i, j, d)
			if err == nil {
				res = Result{Best: position.Redistribute(m), HasMove: true, Depth: 1}
			}
		})
		return res
	}
	var list movegen.MoveList
	if n := movegen.Generate(&root, e.opts.Rules, &list); n > 0 {
		return Result{Best: position.PlayMove(list[0]), HasMove: true, Depth: 1, PV: []position.GameMove{position.PlayMove(list[0])}}
	}
	return Result{}
}
