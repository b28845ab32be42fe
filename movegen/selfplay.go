// Seeded self-play games for the generators of position sets (kiothi
// accuracy generate, cmd/genbench) and the tests that play games: a
// game's random source and start from its seed, cheap random
// redistributions, and a game played out with a move chooser.

package movegen

import (
	"math/rand/v2"

	"github.com/kiothi/kiothi/position"
)

// ScatterOpening returns a random legal redistribution: a random pair of
// the mover's occupied pits, and each lifted warrior dropped into a random
// pit. It is cheap and varied, not uniform over redistributions (for that,
// see RandomOpening). p must be at turn 1 or 2 with a legal move.
func ScatterOpening(p *position.Position, rng *rand.Rand) position.OpeningMove {
	var pairs [][2]int
	ForEachPair(p, func(i, j, _ int) { pairs = append(pairs, [2]int{i, j}) })
	pr := pairs[rng.IntN(len(pairs))]
	var d [position.NumPits]int
	for k := 0; k < p.Count(pr[0])+p.Count(pr[1]); k++ {
		d[rng.IntN(position.NumPits)]++
	}
	m, err := NewOpening(p, pr[0], pr[1], d)
	if err != nil {
		panic(err) // a drop vector summing to the lift is always legal
	}
	return m
}

// Mover picks the move to play in g's current position; ply counts the
// moves played so far in this game.
type Mover func(g *Game, ply int) (position.GameMove, error)

// PlayOut plays g on with move until the game ends or maxPlies moves have
// been played, and returns the final margin from South's view (0 for a
// game cut off by the cap) with whether it ended. An error from move or an
// illegal move stops the game and is returned.
func PlayOut(g *Game, maxPlies int, move Mover) (margin int, ended bool, err error) {
	for ply := 0; ply < maxPlies; ply++ {
		if o, over := g.Over(); over {
			return o.Margin(), true, nil
		}
		m, err := move(g, ply)
		if err != nil {
			return 0, false, err
		}
		if err := g.Play(m); err != nil {
			return 0, false, err
		}
	}
	if o, over := g.Over(); over {
		return o.Margin(), true, nil
	}
	return 0, false, nil
}

// ScatterOpenings returns a Mover that plays a ScatterOpening drawn from
// rng at turns 1 and 2 and asks play for every later move: the self-play
// games of the tuning and generation harnesses.
func ScatterOpenings(rng *rand.Rand, play Mover) Mover {
	return func(g *Game, ply int) (position.GameMove, error) {
		p := g.Current()
		if p.Phase() != position.Play {
			return position.Redistribute(ScatterOpening(&p, rng)), nil
		}
		return play(g, ply)
	}
}

// SeededGame returns the random source of self-play game seed (stream
// names the generator, so that generators draw apart) and the game it
// starts from: the standard start, variant 25 for every fourth seed.
func SeededGame(seed, stream uint64, rules Rules) (*rand.Rand, *Game) {
	start := position.Start(30)
	if seed%4 == 0 {
		start = position.Start(25)
	}
	return rand.New(rand.NewPCG(seed, stream)), NewGame(start, rules)
}
