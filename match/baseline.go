// The baseline players: random (uniform over legal moves and over
// redistributions) and greedy (the biggest capture now).

package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// errNoMove is returned when asked to move in a position without moves
// (the runner never does).
var errNoMove = errors.New("no legal move")

// baseline is what the baseline players share: their random source
// (one stream a seed, so that a game replays) and the rules.
type baseline struct {
	rng   *rand.Rand
	rules movegen.Rules
}

// newBaseline returns a baseline driven by seed; stream tells the
// players' sources apart.
func newBaseline(seed, stream uint64, r movegen.Rules) baseline {
	return baseline{rng: rand.New(rand.NewPCG(seed, stream)), rules: r}
}

// move is a baseline player's move in g: at the opening a random
// redistribution (movegen.RandomOpening), in play the move pick chooses
// (errNoMove when it finds none).
func (b *baseline) move(g *movegen.Game, pick func(*position.Position) (position.Move, bool)) (position.GameMove, error) {
	pos := g.Current()
	if pos.Phase() != position.Play {
		return movegen.RandomOpening(&pos, b.rng)
	}
	m, ok := pick(&pos)
	if !ok {
		return position.GameMove{}, errNoMove
	}
	return position.PlayMove(m), nil
}

// Close does nothing.
func (b *baseline) Close() error { return nil }

// RandomPlayer plays uniformly at random.
type RandomPlayer struct{ baseline }

// NewRandomPlayer returns a random player driven by seed.
func NewRandomPlayer(seed uint64, r movegen.Rules) *RandomPlayer {
	return &RandomPlayer{newBaseline(seed, 0x72616e646f6d, r)}
}

// Move picks uniformly among the legal moves, or plays movegen.RandomOpening.
func (p *RandomPlayer) Move(_ context.Context, g *movegen.Game, _ time.Duration) (position.GameMove, error) {
	return p.move(g, func(pos *position.Position) (position.Move, bool) {
		var list movegen.MoveList
		n := movegen.Generate(pos, p.rules, &list)
		if n == 0 {
			return 0, false
		}
		return list[p.rng.IntN(n)], true
	})
}

// GreedyPlayer plays the move that captures most now (its prison after the
// move minus before), ties broken uniformly at random; at the opening it
// plays a random redistribution.
type GreedyPlayer struct{ baseline }

// NewGreedyPlayer returns a greedy player driven by seed.
func NewGreedyPlayer(seed uint64, r movegen.Rules) *GreedyPlayer {
	return &GreedyPlayer{newBaseline(seed, 0x677265656479, r)}
}

// Move picks a biggest capture.
func (p *GreedyPlayer) Move(_ context.Context, g *movegen.Game, _ time.Duration) (position.GameMove, error) {
	return p.move(g, func(pos *position.Position) (position.Move, bool) {
		return GreedyMove(pos, p.rules, p.rng)
	})
}

// GreedyMove returns a move of p capturing the most, uniformly among ties
// (reservoir sampling); false if p has no legal move.
func GreedyMove(p *position.Position, r movegen.Rules, rng *rand.Rand) (position.Move, bool) {
	var list movegen.MoveList
	n := movegen.Generate(p, r, &list)
	side := p.Side()
	best, ties := -1, 0
	var pick position.Move
	for _, m := range list[:n] {
		q, s := movegen.MakeMove(*p, m, r)
		if s != movegen.Legal {
			continue
		}
		gain := q.Prison(side) - p.Prison(side)
		switch {
		case gain > best:
			best, ties, pick = gain, 1, m
		case gain == best:
			ties++
			if rng.IntN(ties) == 0 {
				pick = m
			}
		}
	}
	return pick, best >= 0
}
