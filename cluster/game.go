// A game result between match.GameResult and its message form.

package cluster

import (
	"fmt"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// gameOut is r in message form, with its notes when notes is set.
func gameOut(r *match.GameResult, notes bool) *GameOut {
	g := &GameOut{Start: r.Start.String(), Moves: make([]string, len(r.Moves)),
		South: r.Outcome.South, North: r.Outcome.North, Repetition: r.Outcome.Repetition,
		End: r.End.String()}
	for i, m := range r.Moves {
		g.Moves[i] = m.String()
	}
	switch r.End {
	case match.EndForfeit:
		g.Forfeit, g.Reason, g.OnTime = r.Forfeit.String(), r.Reason, r.OnTime
	case match.EndAdjudicated:
		g.Reason = r.Reason
	}
	if notes {
		g.Notes = make([]NoteOut, len(r.Notes))
		for i, n := range r.Notes {
			g.Notes[i] = NoteOut{TimeUS: n.Time.Microseconds(), Search: n.HasSearch,
				Score: n.Search.Score, Proven: n.Search.Proven, Depth: n.Search.Depth}
		}
	}
	return g
}

// gameResult reads a game message back and checks it against the game's
// config (match.GameConfig.CheckPlayed: legal moves, an end and prisons
// the moves give, adjudication only where the config has it): a result
// whose start is not the job's, that lacks the notes the job asked for,
// or that the check refuses is an error.
func gameResult(g *GameOut, start position.Position, cfg match.GameConfig, notes bool) (match.GameResult, error) {
	r := match.GameResult{Start: start, Reason: g.Reason, OnTime: g.OnTime,
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
	if notes && len(g.Notes) != len(g.Moves) {
		return r, fmt.Errorf("%d notes for %d moves: the job asked for one a move", len(g.Notes), len(g.Moves))
	}
	r.Moves = make([]position.GameMove, len(g.Moves))
	for i, s := range g.Moves {
		if r.Moves[i], err = position.ParseGameMove(s); err != nil {
			return r, fmt.Errorf("move %d %s: %v", i+1, excerpt.Quote(s), err)
		}
	}
	for _, n := range g.Notes {
		r.Notes = append(r.Notes, match.MoveNote{Time: time.Duration(n.TimeUS) * time.Microsecond, HasSearch: n.Search,
			Search: match.SearchInfo{Score: n.Score, Proven: n.Proven, Depth: n.Depth}})
	}
	if err := cfg.CheckPlayed(&r); err != nil {
		return r, err
	}
	return r, nil
}
