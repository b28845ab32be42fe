// The baseline players: random (uniform over legal moves and over
// redistributions) and greedy (the biggest capture now).

package match

import (
	"context"
	"errors"
	"math/bits"
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

// Move picks uniformly among the legal moves, or plays RandomOpening.
func (p *RandomPlayer) Move(_ context.Context, g *movegen.Game, _ time.Duration) (position.GameMove, error) {
	pos := g.Current()
	if pos.Phase() != position.Play {
		return RandomOpening(&pos, p.rng)
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
		return RandomOpening(&pos, p.rng)
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

// RandomOpening draws a redistribution uniformly from all the legal ones
// of p (RULES.md §3 counts each pair and drop vector as its own move): a
// pair with probability proportional to CountPair(L), L the warriors it
// holds, then a drop vector uniform over the compositions of L into 20
// parts (stars and bars: 19 bars placed uniformly among L+19 slots).
func RandomOpening(p *position.Position, rng *rand.Rand) (position.GameMove, error) {
	type pair struct {
		i, j, l int
		w       uint64
	}
	var pairs []pair
	var total uint64
	overflow := false
	movegen.ForEachPair(p, func(i, j, l int) {
		w := movegen.CountPair(l)
		var c uint64
		total, c = bits.Add64(total, w, 0)
		overflow = overflow || c != 0
		pairs = append(pairs, pair{i, j, l, w})
	})
	if len(pairs) == 0 {
		return position.GameMove{}, errNoMove
	}
	k := 0
	if !overflow {
		x := rng.Uint64N(total)
		for x >= pairs[k].w {
			x -= pairs[k].w
			k++
		}
	} else {
		// Past 2^64 ways in all (only with far more warriors in the two
		// pits than a real opening has): float weights, nearly uniform.
		sum := 0.0
		for _, pr := range pairs {
			sum += float64(pr.w)
		}
		x := rng.Float64() * sum
		for k < len(pairs)-1 && x >= float64(pairs[k].w) {
			x -= float64(pairs[k].w)
			k++
		}
	}
	pr := pairs[k]
	d := RandomComposition(pr.l, position.NumPits, rng)
	m, err := movegen.NewOpening(p, pr.i, pr.j, d)
	if err != nil {
		return position.GameMove{}, err
	}
	return position.Redistribute(m), nil
}

// RandomComposition returns l split into n >= 1 non-negative parts,
// uniformly over the C(l+n-1, n-1) ways: n-1 bars are chosen among l+n-1
// slots (Floyd's sampling), the parts being the stars between bars.
func RandomComposition(l, n int, rng *rand.Rand) [position.NumPits]int {
	var parts [position.NumPits]int
	slots := l + n - 1
	bar := make([]bool, slots)
	for j := slots - (n - 1); j < slots; j++ {
		t := rng.IntN(j + 1)
		if bar[t] {
			t = j
		}
		bar[t] = true
	}
	k := 0
	for _, b := range bar {
		if b {
			k++
		} else {
			parts[k]++
		}
	}
	return parts
}
