// POST /api/v1/pgn/read and /api/v1/pgn/write: PGN text to games as JSON
// and back, by package pgn (the page keeps no PGN reader or writer of its
// own).

package serve

import (
	"fmt"
	"net/http"

	"github.com/kiothi/kiothi/pgn"
	"github.com/kiothi/kiothi/position"
)

// PGNGame is a game as the PGN endpoints carry it.
type PGNGame struct {
	Tags   []PGNTag  `json:"tags"`
	Moves  []PGNMove `json:"moves"`
	Result string    `json:"result"`
}

// PGNTag is one tag pair.
type PGNTag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// PGNMove is a move, its comment and its variations (each an
// alternative to this move, from the position before it).
type PGNMove struct {
	Move       string      `json:"move"`
	Comment    string      `json:"comment,omitempty"`
	Variations [][]PGNMove `json:"variations,omitempty"`
}

// PGNText is a body or an answer holding PGN text.
type PGNText struct {
	PGN string `json:"pgn"`
}

// maxPGNGames bounds the games of one read request.
const maxPGNGames = 10000

func (s *Server) pgnRead(w http.ResponseWriter, r *http.Request) {
	var req PGNText
	if err := decode(w, r, s.cfg.MaxBody, &req); err != nil {
		fail(w, err)
		return
	}
	games, err := s.readGames(req.PGN, maxPGNGames)
	if err != nil {
		fail(w, err)
		return
	}
	out := struct {
		Games []PGNGame `json:"games"`
	}{Games: make([]PGNGame, 0, len(games))}
	for _, g := range games {
		jg := PGNGame{Tags: make([]PGNTag, 0, len(g.Tags)), Moves: jsonMoves(g.Moves), Result: g.Result}
		for _, t := range g.Tags {
			jg.Tags = append(jg.Tags, PGNTag{t.Name, t.Value})
		}
		out.Games = append(out.Games, jg)
	}
	writeJSON(w, http.StatusOK, out)
}

func jsonMoves(ms []pgn.Move) []PGNMove {
	out := make([]PGNMove, 0, len(ms))
	for _, m := range ms {
		jm := PGNMove{Move: m.Text, Comment: m.Comment}
		for _, v := range m.Variations {
			jm.Variations = append(jm.Variations, jsonMoves(v))
		}
		out = append(out, jm)
	}
	return out
}

func (s *Server) pgnWrite(w http.ResponseWriter, r *http.Request) {
	var req PGNGame
	if err := decode(w, r, s.cfg.MaxBody, &req); err != nil {
		fail(w, err)
		return
	}
	g := &pgn.Game{Result: req.Result}
	switch req.Result {
	case pgn.SouthWins, pgn.NorthWins, pgn.Draw, pgn.Unknown:
	case "":
		g.Result = pgn.Unknown
	default:
		reason := fmt.Sprintf("result %q: want 1-0, 0-1, 1/2-1/2 or *", req.Result)
		fail(w, fieldError(http.StatusBadRequest, CodeInvalid, "result", -1, reason, reason))
		return
	}
	if len(req.Tags) > pgn.MaxTags {
		reason := fmt.Sprintf("%d tags, at most %d", len(req.Tags), pgn.MaxTags)
		fail(w, fieldError(http.StatusBadRequest, CodeOutOfRange, "tags", -1, reason, "tags: "+reason))
		return
	}
	for k, t := range req.Tags {
		tag := pgn.Tag{Name: t.Name, Value: t.Value}
		if err := tag.Check(); err != nil {
			fail(w, fieldError(http.StatusBadRequest, CodeInvalid, fmt.Sprintf("tags[%d]", k), k, err.Error(), fmt.Sprintf("tags[%d]: %v", k, err)))
			return
		}
		g.Tags = append(g.Tags, tag)
	}
	n := 0
	moves, err := pgnMoves(req.Moves, "moves", 0, &n)
	if err != nil {
		fail(w, err)
		return
	}
	g.Moves = moves
	writeJSON(w, http.StatusOK, PGNText{PGN: g.String()})
}

// pgnMoves checks a line of moves (field names where it stands: moves,
// moves[3].variations[0], ...) within pgn's bounds: each move in the
// engine's notation, comments within MaxCommentBytes and without NUL,
// at most MaxMoves moves in all (n counts them), variations nested at
// most MaxVariationDepth deep.
func pgnMoves(ms []PGNMove, field string, depth int, n *int) ([]pgn.Move, error) {
	if depth > pgn.MaxVariationDepth {
		reason := fmt.Sprintf("variations nested more than %d deep", pgn.MaxVariationDepth)
		return nil, fieldError(http.StatusBadRequest, CodeOutOfRange, field, -1, reason, field+": "+reason)
	}
	out := make([]pgn.Move, 0, len(ms))
	for k, m := range ms {
		f := fmt.Sprintf("%s[%d]", field, k)
		if *n++; *n > pgn.MaxMoves {
			reason := fmt.Sprintf("more than %d moves", pgn.MaxMoves)
			return nil, fieldError(http.StatusBadRequest, CodeOutOfRange, f, k, reason, f+": "+reason)
		}
		if _, err := position.ParseGameMove(m.Move); err != nil || len(m.Move) > pgn.MaxTokenBytes {
			reason := fmt.Sprintf("%q is not a move", m.Move)
			if err != nil {
				reason += ": " + err.Error()
			}
			return nil, fieldError(http.StatusBadRequest, CodeInvalid, f+".move", k, reason, f+".move: "+reason)
		}
		switch {
		case len(m.Comment) > pgn.MaxCommentBytes:
			reason := fmt.Sprintf("comment longer than %d bytes", pgn.MaxCommentBytes)
			return nil, fieldError(http.StatusBadRequest, CodeOutOfRange, f+".comment", k, reason, f+".comment: "+reason)
		case containsNUL(m.Comment):
			return nil, fieldError(http.StatusBadRequest, CodeInvalid, f+".comment", k, "NUL byte in the comment", f+".comment: NUL byte in the comment")
		}
		pm := pgn.Move{Text: m.Move, Comment: m.Comment}
		for j, v := range m.Variations {
			if len(v) == 0 {
				continue
			}
			pv, err := pgnMoves(v, fmt.Sprintf("%s.variations[%d]", f, j), depth+1, n)
			if err != nil {
				return nil, err
			}
			pm.Variations = append(pm.Variations, pv)
		}
		out = append(out, pm)
	}
	return out, nil
}

func containsNUL(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return true
		}
	}
	return false
}
