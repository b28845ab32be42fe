// Checking a game's records made by another process: a legal game from
// its start, labels in range and agreeing with the game's end.

package datagen

import (
	"fmt"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/record"
	"github.com/kiothi/kiothi/search"
)

// CheckGame checks that recs can be game k of cfg as PlayGame plays it:
// each record numbered k; the first position the game's start (the
// turn-3 start that game k draws from cfg.Starts, or a position two
// redistributions make from the standard start); each next position
// reached from the one before by a legal move, the game not over before
// the last; a legal move from the last that ends the game (or reaches
// cfg.MaxPlies, adjudicated as a repetition) with the final margin every
// record carries, from its side to move's view; scores in their band (a
// proven score is a proven game value) and random moves only in the
// first cfg.RandomPlies plies. It cannot check the search's choices, only
// that the game and its labels are possible.
//
// The repetition count starts at turn 3: the two opening positions are
// not known here, and a play position (all pits nki when it starts) that
// repeats one of them is not counted.
func (cfg *Config) CheckGame(k uint32, recs []record.Record) error {
	maxPlies := cfg.MaxPlies
	if maxPlies <= 0 {
		maxPlies = DefaultMaxPlies
	}
	if len(recs) > maxPlies {
		return fmt.Errorf("%d positions: more than max plies %d", len(recs), maxPlies)
	}
	fromStarts, start := cfg.gameStart(k)
	if len(recs) == 0 {
		// A game that ends in its opening has no play position.
		if fromStarts && movegen.HasMove(&start, cfg.Rules) {
			return fmt.Errorf("no position, yet its start %s has a move", start.String())
		}
		return nil
	}
	for i := range recs {
		if err := cfg.checkLabels(i, &recs[i], k); err != nil {
			return fmt.Errorf("position %d: %v", i+1, err)
		}
	}
	first := recs[0].Pos
	switch {
	case fromStarts && first != start:
		return fmt.Errorf("position 1 is %s, not the game's start %s", first.String(), start.String())
	case !fromStarts && !openingReaches(start, first):
		return fmt.Errorf("position 1, %s, is no position two redistributions make from the start", first.String())
	}
	g := movegen.NewGame(first, cfg.Rules)
	var list movegen.MoveList
	for i := 1; i < len(recs); i++ {
		if _, over := g.Over(); over {
			return fmt.Errorf("position %d follows the game's end", i+1)
		}
		m, ok := moveTo(&list, g.Current(), recs[i].Pos, cfg.Rules)
		if !ok {
			return fmt.Errorf("position %d, %s, follows from position %d by no legal move", i+1, recs[i].Pos.String(), i)
		}
		if err := g.Play(m); err != nil {
			return fmt.Errorf("position %d: %v", i+1, err)
		}
	}
	if _, over := g.Over(); over {
		return fmt.Errorf("position %d follows the game's end", len(recs))
	}
	margin := southMargin(&recs[0])
	for i := range recs {
		if southMargin(&recs[i]) != margin {
			return fmt.Errorf("position %d: margin %d with %s to move, but position 1 says %d with %s to move",
				i+1, recs[i].Margin, recs[i].Pos.Side(), recs[0].Margin, recs[0].Pos.Side())
		}
	}
	if !endsWith(g, &list, margin, len(recs) == maxPlies) {
		return fmt.Errorf("final margin %d (South's view): no legal move from the last position ends the game so", margin)
	}
	return nil
}

// gameStart returns the start game k is played from, drawn as PlayGame
// draws it, and whether it is one of cfg.Starts.
func (cfg *Config) gameStart(k uint32) (fromStarts bool, p position.Position) {
	rng := gameRNG(cfg.Seed, k)
	if len(cfg.Starts) > 0 && rng.Float64() < cfg.StartShare {
		return true, cfg.Starts[rng.IntN(len(cfg.Starts))]
	}
	return false, position.Start(position.Setup(cfg.Setup))
}

// checkLabels checks the labels of record i of game k.
func (cfg *Config) checkLabels(i int, r *record.Record, k uint32) error {
	const maxProven = search.ProvenBase + 100*position.MaxTotal
	s := r.Score
	switch {
	case r.Game != k:
		return fmt.Errorf("game number %d", r.Game)
	case r.Proven && s != 0 && (s < search.ProvenBase || s > maxProven) && (s > -search.ProvenBase || s < -maxProven):
		return fmt.Errorf("proven score %d: not a proven game value", s)
	case !r.Proven && (s >= search.ProvenBase || s <= -search.ProvenBase):
		return fmt.Errorf("score %d: in the proven band but not marked proven", s)
	case r.Random && (i >= cfg.RandomPlies || cfg.RandomProb == 0):
		return fmt.Errorf("a random move at ply %d, where the run has none (--random-plies %d, --random-prob %g)", i, cfg.RandomPlies, cfg.RandomProb)
	}
	return nil
}

// southMargin is r's final margin from South's view.
func southMargin(r *record.Record) int {
	if r.Pos.Side() == position.North {
		return -r.Margin
	}
	return r.Margin
}

// moveTo returns a legal move from p that reaches q.
func moveTo(list *movegen.MoveList, p, q position.Position, r movegen.Rules) (position.GameMove, bool) {
	n := movegen.Generate(&p, r, list)
	for i := 0; i < n; i++ {
		m := position.PlayMove(list[i])
		if next, err := movegen.Apply(p, m, r); err == nil && next == q {
			return m, true
		}
	}
	return position.GameMove{}, false
}

// endsWith reports whether a legal move from g's position ends the game
// with the given margin, or, when atMax, reaches a position whose
// repetition adjudication gives it.
func endsWith(g *movegen.Game, list *movegen.MoveList, margin int, atMax bool) bool {
	p := g.Current()
	n := movegen.Generate(&p, g.Rules, list)
	for i := 0; i < n; i++ {
		if g.Play(position.PlayMove(list[i])) != nil {
			continue
		}
		o, over := g.Over()
		if !over && atMax {
			q := g.Current()
			o, over = movegen.RepetitionOutcome(&q), true
		}
		g.Undo()
		if over && o.Margin() == margin {
			return true
		}
	}
	return false
}

// openingReaches reports whether two redistributions, South's then
// North's, turn start into p. South empties two of its occupied pits x
// and y, North two of its pits X and Y (occupied after South's drops), and
// the drops only add, so every other pit of p holds at least what it held
// at the start; conversely, for such x, y, X, Y, South may drop into X
// and Y alone and North the rest, which the rules check here.
func openingReaches(start, p position.Position) bool {
	var s, f [position.NumPits]int
	for i := range s {
		s[i], f[i] = start.Count(i), p.Count(i)
	}
	for x := 0; x < position.RowPits; x++ {
		for y := x + 1; y < position.RowPits; y++ {
			if s[x] == 0 || s[y] == 0 {
				continue
			}
			for bx := position.RowPits; bx < position.NumPits; bx++ {
				for by := bx + 1; by < position.NumPits; by++ {
					if reachesBy(&start, &p, &s, &f, [4]int{x, y, bx, by}) {
						return true
					}
				}
			}
		}
	}
	return false
}

// reachesBy reports whether the redistributions emptying pits e[0], e[1]
// (South's) and e[2], e[3] (North's) turn start into p.
func reachesBy(start, p *position.Position, s, f *[position.NumPits]int, e [4]int) bool {
	for i := range s {
		if i != e[0] && i != e[1] && i != e[2] && i != e[3] && f[i] < s[i] {
			return false
		}
	}
	var d1, d2 [position.NumPits]int
	lifted := s[e[0]] + s[e[1]]
	for _, b := range e[2:] {
		if s[b] == 0 {
			d1[b], lifted = 1, lifted-1
		}
	}
	d1[e[2]] += lifted
	m1, err := movegen.NewOpening(start, e[0], e[1], d1)
	if err != nil {
		return false
	}
	q, err := movegen.MakeOpening(*start, m1)
	if err != nil {
		return false
	}
	for i := range d2 {
		d2[i] = f[i]
		if i != e[2] && i != e[3] {
			d2[i] -= q.Count(i)
		}
		if d2[i] < 0 {
			return false
		}
	}
	m2, err := movegen.NewOpening(&q, e[2], e[3], d2)
	if err != nil {
		return false
	}
	r, err := movegen.MakeOpening(q, m2)
	return err == nil && r == *p
}
