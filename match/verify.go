// Checking a game played elsewhere (a cluster worker) against its moves
// and the game's config before it is counted.

package match

import (
	"errors"
	"fmt"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/search"
)

// CheckPlayed checks a game result that another process reports for a
// game played under c from r.Start: every move legal in turn; the end and
// the final prisons the ones the moves lead to (the game over by the
// rules with its outcome; the ply cap reached; a forfeit by the side to
// move, losing every warrior; an adjudication only where c adjudicates,
// the rule firing at the last move and nowhere before, as the notes'
// scores say); the notes, when there are any, one a move and in bounds.
// A game it passes is one PlayGame could have played; the scores and
// times in the notes are the worker's word.
func (c GameConfig) CheckPlayed(r *GameResult) error {
	if len(r.Notes) != 0 && len(r.Notes) != len(r.Moves) {
		return fmt.Errorf("%d notes for %d moves", len(r.Notes), len(r.Moves))
	}
	for i, n := range r.Notes {
		if err := n.check(r.Start.Total()); err != nil {
			return fmt.Errorf("note of move %d: %v", i+1, err)
		}
	}
	if r.End == EndAdjudicated && (!c.Adjudication.On() || len(r.Notes) == 0) {
		return errors.New("adjudicated, but the game has no adjudication rule or no notes to apply it to")
	}
	if r.OnTime && r.End != EndForfeit {
		return fmt.Errorf("a loss on time in a game that ended by %s", r.End)
	}
	g := movegen.NewGame(r.Start, c.Rules)
	adj := &adjudicator{a: c.Adjudication}
	for i, m := range r.Moves {
		if _, over := g.Over(); over {
			return fmt.Errorf("move %d %s: the game was over before it", i+1, m)
		}
		if c.MaxPlies > 0 && i >= c.MaxPlies {
			return fmt.Errorf("move %d %s: past the ply cap of %d", i+1, m, c.MaxPlies)
		}
		cur := g.Current()
		side := cur.Side()
		if err := g.Play(m); err != nil {
			return fmt.Errorf("move %d %s: %v", i+1, m, err)
		}
		if !c.Adjudication.On() || len(r.Notes) == 0 {
			continue
		}
		if _, over := g.Over(); over {
			continue
		}
		o, why, ok := adj.after(side, r.Notes[i], g)
		switch {
		case ok && (i+1 < len(r.Moves) || r.End != EndAdjudicated):
			return fmt.Errorf("move %d %s: the adjudication rule ends the game there (%s)", i+1, m, why)
		case ok && (o != r.Outcome || why != r.Reason):
			return fmt.Errorf("adjudicated %d-%d (%s), the rule gives %d-%d (%s)", r.Outcome.South, r.Outcome.North, r.Reason, o.South, o.North, why)
		case ok:
			return nil
		}
	}
	want, over := g.Over()
	p := g.Current()
	switch r.End {
	case EndNoMove, EndRepetition:
		if !over {
			return fmt.Errorf("ended by %s, but the game is not over after its %d moves", r.End, len(r.Moves))
		}
		if want.Repetition != (r.End == EndRepetition) {
			return fmt.Errorf("ended by %s, but the rules end it otherwise", r.End)
		}
	case EndPlyCap:
		if over || c.MaxPlies == 0 || len(r.Moves) != c.MaxPlies {
			return fmt.Errorf("ended at the ply cap after %d moves (cap %d, game over %v)", len(r.Moves), c.MaxPlies, over)
		}
		want = movegen.RepetitionOutcome(&p)
		want.Repetition = false
	case EndForfeit:
		if over {
			return errors.New("a forfeit after the game was over")
		}
		if r.Forfeit != p.Side() {
			return fmt.Errorf("forfeit by %s, but %s was to move", r.Forfeit, p.Side())
		}
		want = forfeitOutcome(&p, r.Forfeit)
	case EndAdjudicated:
		return errors.New("adjudicated, but no rule ends the game at its last move")
	default:
		return fmt.Errorf("end %d unknown", r.End)
	}
	if r.Outcome != want {
		return fmt.Errorf("prisons %d-%d, the moves give %d-%d", r.Outcome.South, r.Outcome.North, want.South, want.North)
	}
	return nil
}

// check bounds a note: a time within limits.MoveTimeMS's bound and a
// score a search can give for a game of total warriors.
func (n MoveNote) check(total int) error {
	if n.Time < 0 || n.Time.Milliseconds() > 2*limits.MoveTimeMS.Max {
		return fmt.Errorf("time %v out of bounds", n.Time)
	}
	if !n.HasSearch {
		if n.Search != (SearchInfo{}) {
			return errors.New("a search's values with no search")
		}
		return nil
	}
	bound := search.MaxHeuristic
	if n.Search.Proven {
		bound = 100 * total * movegen.MaxMultiplier
	}
	if n.Search.Score > bound || n.Search.Score < -bound {
		return fmt.Errorf("score %d: want -%d to %d", n.Search.Score, bound, bound)
	}
	if !limits.Depth.Contains(int64(n.Search.Depth)) && n.Search.Depth != 0 {
		return fmt.Errorf("depth %d: want 0 to %d", n.Search.Depth, limits.Depth.Max)
	}
	return nil
}
