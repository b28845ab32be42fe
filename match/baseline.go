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

// RandomPlayer plays uniformly at random.
type RandomPlayer struct {
	rng   *rand.Rand
	rules movegen.Rules
}

// NewRandomPlayer returns a random player driven by seed.
func NewRandomPlayer(seed uint64, r movegen.Rules) *RandomPlayer {
	return &RandomPlayer{rng: rand.New(rand.NewPCG(seed, 0x72616e646f6d)), rules: r}
}

// Move picks uniformly among the legal moves, or plays movegen.RandomOpening.
func (p *RandomPlayer) Move(_ context.Context, g *movegen.Game, _ time.Duration) (position.GameMove, error) {
	pos := g.Current()
	if pos.Phase() != position.Play {
		return movegen.RandomOpening(&pos, p.rng)
	}
	var list movegen.MoveList
	n := movegen.Generate(&pos, p.rules, &list)
	if n == 0 {
		return position.GameMove{}, errNoMove
	}
	return position.PlayMove(list[p.rng.IntN(n)]), nil
}

// Close does nothing.
func (p *RandomPlayer) Close() error { return nil }

// GreedyPlayer plays the move that captures most now (its prison after the
// move minus before), ties broken uniformly at random; at the opening it
// plays a random redistribution.
type GreedyPlayer struct {
	rng   *rand.Rand
	rules movegen.Rules
}

// NewGreedyPlayer returns a greedy player driven by seed.
func NewGreedyPlayer(seed uint64, r movegen.Rules) *GreedyPlayer {
	return &GreedyPlayer{rng: rand.New(rand.NewPCG(seed, 0x677265656479)), rules: r}
}

// Move picks a biggest capture.
func (p *GreedyPlayer) Move(_ context.Context, g *movegen.Game, _ time.Duration) (position.GameMove, error) {
	pos := g.Current()
	if pos.Phase() != position.Play {
		return movegen.RandomOpening(&pos, p.rng)
	}
	m, ok := GreedyMove(&pos, p.rules, p.rng)
	if !ok {
		return position.GameMove{}, errNoMove
	}
	return position.PlayMove(m), nil
}

// Close does nothing.
func (p *GreedyPlayer) Close() error { return nil }

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
