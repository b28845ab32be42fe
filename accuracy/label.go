// Proving every move's value of a position with the solver.

package accuracy

import (
	"context"
	"fmt"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/solve"
)

// Label proves the value of each legal move of p (margin objective, no
// game history), sharing table between the solves (it must hold margin
// entries only). maxNodes, if positive, bounds the solver nodes of all
// the solves together. ok is false when ctx ended or the nodes ran out
// before every move was proven. db, if set, gives the solver the exact
// values of the small boards it holds (their values are the solver's).
func Label(ctx context.Context, p position.Position, r movegen.Rules, table solve.Table, maxNodes uint64, db *egdb.DB) (Item, bool, error) {
	var list movegen.MoveList
	n := movegen.Generate(&p, r, &list)
	it := Item{Pos: p}
	var guess *int
	var spent uint64
	for _, m := range list[:n] {
		q, st := movegen.MakeMove(p, m, r)
		if st != movegen.Legal {
			return it, false, fmt.Errorf("move %s of %s: generated but not legal (%v)", m, p, st)
		}
		o := solve.Options{Rules: r, Objective: movegen.Margin, Table: table, Guess: guess, DB: db}
		if maxNodes > 0 {
			if spent >= maxNodes {
				return it, false, nil
			}
			o.MaxNodes = maxNodes - spent
		}
		res, err := solve.Solve(ctx, q, o)
		if err != nil {
			return it, false, err
		}
		spent += res.Nodes
		if !res.Exact {
			return it, false, nil
		}
		g := res.Value
		guess = &g
		it.Moves, it.Values = append(it.Moves, m), append(it.Values, -res.Value)
	}
	return it, n > 0, nil
}
