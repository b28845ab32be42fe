// Measuring a player's moves against a set's proven values.

package accuracy

import (
	"context"
	"fmt"
	"time"

	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Report is a player's record on a set.
type Report struct {
	Positions int
	Best      int // positions where the player's move is a best move
	Loss      int // warriors lost in all: best value minus the move's
	Loss4     int // positions where the move loses 4 warriors or more
}

// BestRate returns the fraction of positions with a best move.
func (r Report) BestRate() float64 { return float64(r.Best) / float64(max(r.Positions, 1)) }

// MeanLoss returns the warriors lost a position on average.
func (r Report) MeanLoss() float64 { return float64(r.Loss) / float64(max(r.Positions, 1)) }

// Loss4Rate returns the fraction of positions where the move loses 4 or
// more warriors.
func (r Report) Loss4Rate() float64 { return float64(r.Loss4) / float64(max(r.Positions, 1)) }

func (r Report) String() string {
	return fmt.Sprintf("positions %d best %d (%.1f%%) mean loss %.3f loss>=4 %d (%.1f%%)",
		r.Positions, r.Best, 100*r.BestRate(), r.MeanLoss(), r.Loss4, 100*r.Loss4Rate())
}

// Move is one position's outcome.
type Move struct {
	Index int // in the set
	Move  position.Move
	Loss  int
}

// Measure asks a fresh player from f for a move in each item's position
// (a game record starting there, no history), offering moveTime, and
// scores the move against the item's values. each, if set, receives every
// outcome as it comes. A player error or a move not in the item stops the
// measurement with an error naming the position.
func Measure(ctx context.Context, items []Item, f match.Factory, moveTime time.Duration, r movegen.Rules, each func(Move)) (Report, error) {
	var rep Report
	for i := range items {
		it := &items[i]
		pl, err := f.New(uint64(i), r)
		if err != nil {
			return rep, err
		}
		g := movegen.NewGame(it.Pos, r)
		gm, err := pl.Move(ctx, g, moveTime)
		cerr := pl.Close()
		if err != nil {
			return rep, fmt.Errorf("position %d (%s): %v", i+1, it.Pos, err)
		}
		if cerr != nil {
			return rep, fmt.Errorf("position %d (%s): closing the player: %v", i+1, it.Pos, cerr)
		}
		if gm.Redistribution {
			return rep, fmt.Errorf("position %d (%s): the player answered a redistribution", i+1, it.Pos)
		}
		v, ok := it.Value(gm.Play)
		if !ok {
			return rep, fmt.Errorf("position %d (%s): the player's move %s is not legal", i+1, it.Pos, gm.Play)
		}
		loss := it.Best() - v
		rep.Positions++
		rep.Loss += loss
		if loss == 0 {
			rep.Best++
		}
		if loss >= 4 {
			rep.Loss4++
		}
		if each != nil {
			each(Move{Index: i, Move: gm.Play, Loss: loss})
		}
	}
	return rep, nil
}
