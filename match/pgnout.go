// A finished game as PGN (package pgn's form), for --pgnout.

package match

import (
	"fmt"
	"strconv"
	"time"

	"github.com/kiothi/kiothi/pgn"
	"github.com/kiothi/kiothi/position"
)

// PGNGame describes a game for its PGN tags.
type PGNGame struct {
	Event        string // default "kiothi match"
	Round        int    // the game's number from 1
	South, North string // the players' names
	TimeControl  string // TimeControl tag; "-" when none
	Date         time.Time
	Comments     bool // write each move's {score/depth time} comment
}

// Termination returns the PGN Termination tag for how the game ended:
// normal (no legal move, repetition), adjudication (the ply cap, a
// resign, draw or proven-value rule), time
// forfeit, or rules infraction (any other forfeit: an error, a crash, an
// illegal move).
func (r *GameResult) Termination() string {
	switch r.End {
	case EndPlyCap, EndAdjudicated:
		return "adjudication"
	case EndForfeit:
		if r.OnTime {
			return "time forfeit"
		}
		return "rules infraction"
	}
	return "normal"
}

// PGN returns the game in package pgn's form.
func (r *GameResult) PGN(d PGNGame) *pgn.Game {
	if d.Event == "" {
		d.Event = "kiothi match"
	}
	if d.TimeControl == "" {
		d.TimeControl = "-"
	}
	fen := r.Start.String()
	if r.Start == position.Start(30) {
		fen = "startpos"
	} else if r.Start == position.Start(25) {
		fen = "startpos25"
	}
	res := pgn.ResultOf(r.Points(2))
	g := &pgn.Game{
		Tags: []pgn.Tag{
			{Name: "Event", Value: d.Event},
			{Name: "Site", Value: "kiothi"},
			{Name: "Date", Value: d.Date.Format("2006.01.02")},
			{Name: "Round", Value: strconv.Itoa(d.Round)},
			{Name: "South", Value: d.South},
			{Name: "North", Value: d.North},
			{Name: "Result", Value: res},
			{Name: "FEN", Value: fen},
			{Name: "PlyCount", Value: strconv.Itoa(len(r.Moves))},
			{Name: "TimeControl", Value: d.TimeControl},
			{Name: "Termination", Value: r.Termination()},
		},
		Result: res,
	}
	for i, m := range r.Moves {
		pm := pgn.Move{Text: m.String()}
		if d.Comments && i < len(r.Notes) {
			pm.Comment = r.Notes[i].Comment()
		}
		g.Moves = append(g.Moves, pm)
	}
	return g
}

// Comment returns the note as cutechess writes a move's comment: the
// score for the side that moved (ScoreText) and the depth, when the move
// was searched, then the time: "+1.25/14 0.020s", "+M4/100 0.020s".
func (n MoveNote) Comment() string {
	t := fmt.Sprintf("%.3fs", n.Time.Seconds())
	if !n.HasSearch {
		return t
	}
	return fmt.Sprintf("%s/%d %s", ScoreText(n.Search.Score, n.Search.Proven), n.Search.Depth, t)
}

// ScoreText writes a score in centi-warriors as the PGN comments give
// it: an estimate in warriors with two decimals ("+1.25", "-0.40"); a
// proven value in cutechess's mate form, M and the proven final margin in
// whole warriors, signed for the side that wins it ("+M4", "-M2"; "M0" a
// proven draw), so that no proven value reads as an estimate.
func ScoreText(score int, proven bool) string {
	if !proven {
		return fmt.Sprintf("%+.2f", float64(score)/100)
	}
	switch w := score / 100; {
	case w > 0:
		return fmt.Sprintf("+M%d", w)
	case w < 0:
		return fmt.Sprintf("-M%d", -w)
	}
	return "M0"
}
