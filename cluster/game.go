// A game result between match.GameResult and its message form.

package cluster

import (
	"fmt"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// gameOut is r in message form.
func gameOut(r *match.GameResult) *GameOut {
	g := &GameOut{Start: r.Start.String(), Moves: make([]string, len(r.Moves)),
		South: r.Outcome.South, North: r.Outcome.North, Repetition: r.Outcome.Repetition,
		End: r.End.String()}
	for i, m := range r.Moves {
		g.Moves[i] = m.String()
	}
	if r.End == match.EndForfeit {
		g.Forfeit, g.Reason = r.Forfeit.String(), r.Reason
	}
	return g
}

// gameResult reads a game message back, replaying its moves from start
// under rules: a result whose start is not the job's, or whose moves are
// not legal, is an error.
func gameResult(g *GameOut, start position.Position, rules movegen.Rules) (match.GameResult, error) {
	r := match.GameResult{Start: start, Reason: g.Reason,
		Outcome: movegen.Outcome{South: g.South, North: g.North, Repetition: g.Repetition}}
	if g.Start != start.String() {
		return r, fmt.Errorf("game starts at %s, the job at %q", excerpt.Quote(g.Start), start)
	}
	var err error
	if r.End, err = match.ParseEnd(g.End); err != nil {
		return r, err
	}
	switch {
	case r.End != match.EndForfeit && g.Forfeit != "":
		return r, fmt.Errorf("forfeit %s in a game that ended by %s", excerpt.Quote(g.Forfeit), r.End)
	case r.End == match.EndForfeit && g.Forfeit == "south":
		r.Forfeit = position.South
	case r.End == match.EndForfeit && g.Forfeit == "north":
		r.Forfeit = position.North
	case r.End == match.EndForfeit:
		return r, fmt.Errorf("forfeit by %s: want south or north", excerpt.Quote(g.Forfeit))
	}
	total := start.Total()
	if g.South < 0 || g.North < 0 || g.South+g.North != total {
		return r, fmt.Errorf("prisons %d-%d: want two counts summing to the game's %d warriors", g.South, g.North, total)
	}
	game := movegen.NewGame(start, rules)
	r.Moves = make([]position.GameMove, len(g.Moves))
	for i, s := range g.Moves {
		m, err := position.ParseGameMove(s)
		if err == nil {
			err = game.Play(m)
		}
		if err != nil {
			return r, fmt.Errorf("move %d %s: %v", i+1, excerpt.Quote(s), err)
		}
		r.Moves[i] = m
	}
	return r, nil
}
