// Proving every move's value of a position with the solver.

package accuracy

import (
	"context"
	"fmt"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/solve"
)

// Label proves the value of each legal move of p (margin objective, no
// game history), sharing table between the solves (it must hold margin
// entries only). ok is false when ctx ended before every move was proven.
func Label(ctx context.Context, p position.Position, r movegen.Rules, table solve.Table) (Item, bool, error) {
	var list movegen.MoveList
	n := movegen.Generate(&p, r, &list)
	it := Item{Pos: p}
	var guess *int
	for _, m := range list[:n] {
		q, st := movegen.MakeMove(p, m, r)
		if st != movegen.Legal {
			return it, false, fmt.Errorf("move %s of %s: generated but not legal (%v)", m, p, st)
		}
		res, err := solve.Solve(ctx, q, solve.Options{Rules: r, Objective: movegen.Margin, Table: table, Guess: guess})
		if err != nil {
			return it, false, err
		}
		if !res.Exact {
			return it, false, nil
		}
		g := res.Value
		guess = &g
		it.Moves, it.Values = append(it.Moves, m), append(it.Values, -res.Value)
	}
	return it, n > 0, nil
}
