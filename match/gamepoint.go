// One counted game as the tally, the progress lines, the report and the
// state file keep it (GamePoint), and how it is counted.

package match

import (
	"fmt"
	"strings"
	"time"

	"github.com/kiothi/kiothi/pgn"
	"github.com/kiothi/kiothi/position"
)

// GamePoint is one counted game, from player 1's view: what the tally
// counts (so a state file can count it again) and what the report shows.
type GamePoint struct {
	Number      int     `json:"number"` // k, from 0
	P1South     bool    `json:"p1_south"`
	HalfPoints  int     `json:"half_points"` // player 1's score: 2 a win, 1 a draw, 0 a loss
	Opening     int     `json:"opening"`     // the index of its opening
	LLR         float64 `json:"llr"`
	South       string  `json:"south"` // the players' labels
	North       string  `json:"north"`
	Result      string  `json:"result"`      // PGN: 1-0 South won, 0-1, 1/2-1/2
	End         string  `json:"end"`         // End's name: no-move, repetition, ...
	Termination string  `json:"termination"` // the PGN Termination tag
	Reason      string  `json:"reason,omitempty"`
	Plies       int     `json:"plies"`
	Margin      int     `json:"margin"` // player 1's prison minus player 2's
	Points      int     `json:"points"` // player 1's match points
	OneWarrior  bool    `json:"one_warrior,omitempty"`
	Forfeit     int     `json:"forfeit,omitempty"` // the player (1 or 2) that forfeited, 0 none
	ForfeitSide string  `json:"forfeit_side,omitempty"`
	OnTime      bool    `json:"on_time,omitempty"`
	PGN         string  `json:"pgn,omitempty"` // the game's PGN (Config.KeepPGN)
}

// pointOf describes game k's result r, name1 and name2 being the players.
func pointOf(cfg *Config, k int, r *GameResult, name1, name2 string) GamePoint {
	p1South := k%2 == 0
	margin, pts := r.Margin(), r.Points(cfg.multiplier())
	south, north := name1, name2
	if !p1South {
		margin, pts = -margin, -pts
		south, north = north, south
	}
	gp := GamePoint{Number: k, P1South: p1South, HalfPoints: halfPoints(pts), Opening: (k / 2) % max(len(cfg.Openings), 1),
		South: south, North: north, Result: pgn.ResultOf(r.Points(2)), End: r.End.String(), Termination: r.Termination(),
		Plies: len(r.Moves), Margin: margin, Points: pts, OnTime: r.OnTime}
	if r.End == EndForfeit || r.End == EndAdjudicated {
		gp.Reason = strings.ReplaceAll(r.Reason, "\n", " ")
	}
	if r.End == EndForfeit {
		gp.Forfeit, gp.ForfeitSide = 2, r.Forfeit.String()
		if (r.Forfeit == position.South) == p1South {
			gp.Forfeit = 1
		}
	} else {
		gp.OneWarrior = margin == 2 || margin == -2
	}
	return gp
}

// count adds a game to the tally (not to Games: Record and a resumed
// state do).
func (s *Summary) count(gp *GamePoint) {
	s.pairUp(gp.Number, gp.HalfPoints)
	switch {
	case gp.Points > 0:
		s.Counts.Wins++
	case gp.Points < 0:
		s.Counts.Losses++
	default:
		s.Counts.Draws++
	}
	s.MarginSum += gp.Margin
	s.Points += gp.Points
	switch {
	case gp.OneWarrior && gp.Margin > 0:
		s.OneWarriorWins++
	case gp.OneWarrior:
		s.OneWarriorLoss++
	case gp.Forfeit == 1:
		s.Forfeits1++
		if gp.OnTime {
			s.TimeLosses1++
		}
	case gp.Forfeit == 2:
		s.Forfeits2++
		if gp.OnTime {
			s.TimeLosses2++
		}
	}
	if gp.Forfeit != 0 && len(s.ForfeitReasons) < s.maxReasonsKept {
		s.ForfeitReasons = append(s.ForfeitReasons, fmt.Sprintf("%s forfeited: %s", gp.ForfeitSide, gp.Reason))
	}
}

// Describe says how the game ended, in the braces of cutechess's
// "Finished game" line: "no legal move, 32-28", "North forfeits: ...".
func (gp *GamePoint) Describe() string {
	switch gp.End {
	case EndForfeit.String():
		side := gp.ForfeitSide
		if side != "" {
			side = strings.ToUpper(side[:1]) + side[1:]
		}
		if gp.OnTime {
			return side + " loses on time"
		}
		return side + " forfeits: " + gp.Reason
	case EndAdjudicated.String():
		return "adjudicated: " + gp.Reason
	case EndNoMove.String():
		return "no legal move"
	case EndRepetition.String():
		return "third repetition"
	case EndPlyCap.String():
		return "ply cap, own rows swept"
	}
	return gp.End
}

// FinishedLine is cutechess-cli's line for a finished game, numbered from
// 1 plus offset (the games of a tournament's earlier pairings):
// "Finished game 3 (engine vs greedy): 1-0 {no legal move}".
func (gp *GamePoint) FinishedLine(offset int) string {
	return fmt.Sprintf("Finished game %d (%s vs %s): %s {%s}", offset+gp.Number+1, gp.South, gp.North, gp.Result, gp.Describe())
}

// PGNText is game k's PGN as --pgnout writes it, for the report.
func (r *GameResult) PGNText(cfg *Config, k int, name1, name2 string) string {
	south, north := name1, name2
	if k%2 != 0 {
		south, north = north, south
	}
	var b strings.Builder
	g := r.PGN(PGNGame{Round: k + 1, South: south, North: north, TimeControl: cfg.Game.TimeControlTag(),
		Date: time.Now(), Comments: cfg.PGNComments})
	if err := pgn.Write(&b, g); err != nil {
		return ""
	}
	return b.String()
}
