// The game endpoint: a game replayed, each ply with what it did, and the legal moves.

package serve

import (
	"net/http"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// GameRequest is the body of POST /api/v1/game: a start and the moves
// played from it. FreeFirstLap, when set, overrides the server's rule.
type GameRequest struct {
	Position     string   `json:"position"`
	Moves        []string `json:"moves"`
	FreeFirstLap *bool    `json:"freeFirstLap"`
}

// Ply is one move of a game and what it did: the pits it emptied (one in
// play, two at the opening), where its sowing ended and the pits it
// captured (play moves only), and the position after it.
type Ply struct {
	Move     string   `json:"move"`
	Side     string   `json:"side"` // south or north, the mover
	Source   []string `json:"source"`
	Landing  string   `json:"landing,omitempty"`
	Captured []string `json:"captured"`
	Position string   `json:"position"`
	// Laps are a play move's laps in order, at most MaxShownLaps of them
	// (MoreLaps: the sowing had more), for showing the move lap by lap.
	Laps     []LapEntry `json:"laps,omitempty"`
	MoreLaps bool       `json:"moreLaps,omitempty"`
}

// LapEntry is one lap: the pit lifted, the warriors sown one a pit from
// the next pit on, the pit where the last one landed.
type LapEntry struct {
	From string `json:"from"`
	N    int    `json:"n"`
	End  string `json:"end"`
}

// MaxShownLaps bounds the laps a ply lists: a legal sowing may take up
// to movegen.MaxLaps laps, more than anyone watches.
const MaxShownLaps = 200

// GameResponse answers it: the start, every ply, the position reached, its
// phase, its legal play moves, and the result when the game is over (the
// third repetition included).
type GameResponse struct {
	Start    string      `json:"start"`
	Plies    []Ply       `json:"plies"`
	Position string      `json:"position"`
	Phase    string      `json:"phase"` // opening or play
	Moves    []MoveEntry `json:"moves"` // play moves; empty at the opening and at the end
	Result   *Result     `json:"result,omitempty"`
}

// rules returns the server's rules with a request's override.
func (s *Server) rules(freeFirstLap *bool) movegen.Rules {
	r := s.cfg.Rules
	if freeFirstLap != nil {
		r.FreeFirstLap = *freeFirstLap
	}
	return r
}

// lineRequest is a request that names a line of a game: a position, the
// moves played from it and the rules' override.
type lineRequest interface {
	line() (position string, moves []string, freeFirstLap *bool)
}

func (q *GameRequest) line() (string, []string, *bool)  { return q.Position, q.Moves, q.FreeFirstLap }
func (q *SolveRequest) line() (string, []string, *bool) { return q.Position, q.Moves, q.FreeFirstLap }

// decodeLine decodes req and replays its line under its rules. On an
// error it answers the client itself and returns a nil game.
func (s *Server) decodeLine(w http.ResponseWriter, r *http.Request, req lineRequest) (*movegen.Game, movegen.Rules) {
	if err := decode(w, r, s.cfg.MaxBody, req); err != nil {
		fail(w, err)
		return nil, movegen.Rules{}
	}
	pos, moves, freeFirstLap := req.line()
	rules := s.rules(freeFirstLap)
	g, err := s.replay(pos, moves, rules)
	if err != nil {
		fail(w, err)
		return nil, rules
	}
	return g, rules
}

func (s *Server) game(w http.ResponseWriter, r *http.Request) {
	var req GameRequest
	g, rules := s.decodeLine(w, r, &req)
	if g == nil {
		return
	}
	res := GameResponse{Start: g.Start.String(), Plies: make([]Ply, 0, len(g.Moves)), Moves: []MoveEntry{}}
	for k, m := range g.Moves {
		p := g.Positions[k]
		ply := Ply{Move: m.String(), Side: sideName(p.Side()), Captured: []string{}, Position: g.Positions[k+1].String()}
		if m.Redistribution {
			ply.Source = []string{position.PitName(int(m.Opening.Pits[0])), position.PitName(int(m.Opening.Pits[1]))}
		} else {
			_, t, _ := movegen.TraceMove(p, m.Play, rules)
			ply.Source, ply.Landing = []string{position.PitName(t.Source)}, position.PitName(t.Landing)
			for _, c := range t.Captured {
				ply.Captured = append(ply.Captured, position.PitName(c))
			}
			laps, more, _ := movegen.TraceLaps(p, m.Play, rules, MaxShownLaps)
			for _, l := range laps {
				ply.Laps = append(ply.Laps, LapEntry{From: position.PitName(l.From), N: l.N, End: position.PitName(l.End)})
			}
			ply.MoreLaps = more
		}
		res.Plies = append(res.Plies, ply)
	}
	cur := g.Current()
	res.Position, res.Phase = cur.String(), "play"
	if cur.Phase() != position.Play {
		res.Phase = "opening"
	}
	if o, over := g.Over(); over {
		res.Result = newResult(o)
	} else if res.Phase == "play" {
		res.Moves = playMoves(cur, rules)
	}
	writeJSON(w, http.StatusOK, res)
}

func sideName(s position.Side) string {
	if s == position.South {
		return "south"
	}
	return "north"
}
