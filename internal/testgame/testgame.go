// Package testgame holds helpers that several packages' tests and
// self-play harnesses share; nothing outside tests imports it.
package testgame

import (
	"math/rand/v2"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// ScatterOpening returns a random legal redistribution: a random pair of
// the mover's occupied pits, and each lifted warrior dropped into a random
// pit. It is cheap and varied, not uniform over redistributions (for that,
// see match.RandomOpening). p must be at turn 1 or 2 with a legal move.
func ScatterOpening(p *position.Position, rng *rand.Rand) position.OpeningMove {
	var pairs [][2]int
	movegen.ForEachPair(p, func(i, j, _ int) { pairs = append(pairs, [2]int{i, j}) })
	pr := pairs[rng.IntN(len(pairs))]
	var d [position.NumPits]int
	for k := 0; k < p.Count(pr[0])+p.Count(pr[1]); k++ {
		d[rng.IntN(position.NumPits)]++
	}
	m, err := movegen.NewOpening(p, pr[0], pr[1], d)
	if err != nil {
		panic(err) // a drop vector summing to the lift is always legal
	}
	return m
}
