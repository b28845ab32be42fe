// The API's JSON shapes, and reading and writing them.

package serve

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/movegen"
)

// Result is a finished game's tally.
type Result struct {
	South      int    `json:"south"`
	North      int    `json:"north"`
	Winner     string `json:"winner"` // south, north or draw
	OneWarrior bool   `json:"oneWarrior"`
	Repetition bool   `json:"repetition,omitempty"`
}

func newResult(o movegen.Outcome) *Result {
	return &Result{South: o.South, North: o.North, Winner: o.Winner(), OneWarrior: o.OneWarrior(), Repetition: o.Repetition}
}

// MoveEntry is one legal play move and where it leads.
type MoveEntry struct {
	Move     string `json:"move"`
	Position string `json:"position"`
}

// PairEntry is one pair of pits an opening move may empty, with the
// warriors lifted and the number of redistributions that empty it.
type PairEntry struct {
	Pair   string `json:"pair"`
	Lifted int    `json:"lifted"`
	Count  uint64 `json:"count"`
}

// MovesResponse answers GET /api/v1/moves: moves in play, pairs and their
// total at the opening, result when the game is over.
type MovesResponse struct {
	Position string      `json:"position"`
	Phase    string      `json:"phase"`          // opening or play
	Moves    []MoveEntry `json:"moves,omitzero"` // empty, not absent, in play with no move
	Pairs    []PairEntry `json:"pairs,omitzero"`
	Total    uint64      `json:"total,omitempty"` // absent if it would overflow 64 bits
	Result   *Result     `json:"result,omitempty"`
}

// Limits bound an analysis; with none given the server's default move
// time applies, and movetime is capped by the server.
type Limits struct {
	MoveTime int64  `json:"movetime"` // milliseconds
	Depth    int    `json:"depth"`
	Nodes    uint64 `json:"nodes"`
}

// AnalyseRequest is the body of POST /api/v1/analyse: a start and the
// moves played from it (kept for the repetition rule).
type AnalyseRequest struct {
	Position string   `json:"position"`
	Moves    []string `json:"moves"`
	Limits   Limits   `json:"limits"`
}

// AnalyseResponse answers it; when the game is over there is no best move
// and Result is set.
type AnalyseResponse struct {
	Position string   `json:"position"` // after the moves
	BestMove string   `json:"bestmove,omitempty"`
	Score    int      `json:"score"` // centi-warriors, side to move's view
	Proven   bool     `json:"proven"`
	PV       []string `json:"pv"`
	Depth    int      `json:"depth"`
	Nodes    uint64   `json:"nodes"`
	Result   *Result  `json:"result,omitempty"`
	// Capped says how the server bounded the request, when it did: a
	// movetime above its cap, or a depth or node search stopped by it.
	Capped string `json:"capped,omitempty"`
}

// PlayRequest is the body of POST /api/v1/play.
type PlayRequest struct {
	Position string `json:"position"`
	Move     string `json:"move"`
}

// PlayResponse answers it, with the result if the move ended the game.
type PlayResponse struct {
	Position string  `json:"position"`
	Result   *Result `json:"result,omitempty"`
}

// ErrorResponse is every error's body.
type ErrorResponse struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, ErrorResponse{Error: msg})
}

// httpError is an error with its status.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &httpError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

func unprocessable(format string, args ...any) error {
	return &httpError{http.StatusUnprocessableEntity, fmt.Sprintf(format, args...)}
}

// fail writes err with its status (500 for an unexpected one).
func fail(w http.ResponseWriter, err error) {
	var he *httpError
	switch {
	case errors.As(err, &he):
		writeError(w, he.status, he.msg)
	case errors.Is(err, errBusy), errors.Is(err, errStopping):
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, err.Error())
	default:
		writeError(w, http.StatusInternalServerError, err.Error())
	}
}

// decode reads one JSON object of at most limit bytes into v, strictly:
// unknown fields and trailing data are errors.
func decode(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	body := http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &tooBig):
			return &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("body larger than %d bytes", limit)}
		case errors.Is(err, io.EOF):
			return badRequest("empty body: want a JSON object")
		case errors.Is(err, io.ErrUnexpectedEOF):
			return badRequest("malformed JSON: unexpected end of body")
		case errors.As(err, &syn):
			return badRequest("malformed JSON at byte %d: %v", syn.Offset, syn)
		case errors.As(err, &typ):
			return badRequest("field %s: want %v, got JSON %s", excerpt.Quote(typ.Field), typ.Type, typ.Value)
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			return badRequest("unknown field %s", excerpt.Prefix(strings.TrimPrefix(err.Error(), "json: unknown field ")))
		}
		return badRequest("malformed JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("body larger than %d bytes", limit)}
		}
		return badRequest("unexpected data after the JSON object")
	}
	return nil
}
