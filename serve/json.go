// The API's JSON shapes, and reading and writing them.

package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/internal/strictjson"
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

// MoveEntry is one legal play move, the pit where its sowing ends, and
// the position it leads to.
type MoveEntry struct {
	Move     string `json:"move"`
	Landing  string `json:"landing"`
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
// time applies, and movetime is capped by the server. A field left out
// is no limit of its own; one given must be at least 1 (0 is refused, as
// the stream and UGI refuse it, never read as "no limit").
type Limits struct {
	MoveTime *int64  `json:"movetime,omitempty"` // milliseconds
	Depth    *int    `json:"depth,omitempty"`
	Nodes    *uint64 `json:"nodes,omitempty"`
}

// AnalyseRequest is the body of POST /api/v1/analyse: a start and the
// moves played from it (kept for the repetition rule).
type AnalyseRequest struct {
	Position string   `json:"position"`
	Moves    []string `json:"moves"`
	Limits   Limits   `json:"limits"`
	// MultiPV is how many lines to answer, best first: the MultiPV
	// setting's range (limits.MultiPV, 1 to 64); absent, one.
	MultiPV *int `json:"multipv,omitempty"`
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
	// Lines are the analysis's lines, best first: line 1 is the answer
	// above (bestmove, score, proven, depth, pv), the others the last
	// depth's next best moves, at most multipv in all (fewer when fewer
	// moves are legal). Absent when the game is over.
	Lines []AnalyseLine `json:"lines,omitempty"`
}

// AnalyseLine is one line of an analysis: its first move, its score
// (centi-warriors, the side to move's view), whether that is proven, the
// depth it was searched to and the line of moves from the move on.
type AnalyseLine struct {
	MultiPV int      `json:"multipv"` // from 1, best first
	Move    string   `json:"move"`
	Score   int      `json:"score"`
	Proven  bool     `json:"proven"`
	Depth   int      `json:"depth"`
	PV      []string `json:"pv"`
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

// ErrorResponse is every error's body: the message for people, and for
// programs a code (one of the Code constants), the request's field or
// query parameter at fault, the index of the move at fault in moves, and
// the reason without the message's framing.
type ErrorResponse struct {
	Error  string `json:"error"`
	Code   string `json:"code"`
	Field  string `json:"field,omitempty"`
	Index  *int   `json:"index,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// The error codes.
const (
	CodeMissing          = "missing"            // a required field is absent or empty
	CodeInvalid          = "invalid"            // a value that cannot be read (a position, a move, a parameter)
	CodeOutOfRange       = "out_of_range"       // a number or a count beyond the server's bounds
	CodeIllegalMove      = "illegal_move"       // a well-formed move the rules refuse
	CodeGameOver         = "game_over"          // a move asked for in a finished game
	CodeUnknownField     = "unknown_field"      // a JSON field or query parameter the endpoint does not take
	CodeMalformedJSON    = "malformed_json"     // the body is not one JSON object of the right shape
	CodeBodyTooLarge     = "body_too_large"     // the body exceeds the server's limit
	CodeTimeout          = "timeout"            // the body did not arrive within the read timeout
	CodeHeaderTooLarge   = "header_too_large"   // the request line and headers exceed the limit
	CodeNotFound         = "not_found"          // no such endpoint or file
	CodeMethodNotAllowed = "method_not_allowed" // the endpoint takes another method
	CodeBusy             = "busy"               // every search slot taken: retry later
	CodeShuttingDown     = "shutting_down"      // the server is stopping
	CodeInternal         = "internal"           // a fault of the server
)

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// writeError writes an error that names no field, its code read from
// its status.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, ErrorResponse{Error: msg, Code: statusCode(status)})
}

// statusCode is the code of an error known only by its status.
func statusCode(status int) string {
	switch status {
	case http.StatusNotFound:
		return CodeNotFound
	case http.StatusMethodNotAllowed:
		return CodeMethodNotAllowed
	case http.StatusRequestHeaderFieldsTooLarge:
		return CodeHeaderTooLarge
	case http.StatusRequestEntityTooLarge:
		return CodeBodyTooLarge
	case http.StatusBadRequest:
		return CodeInvalid
	case http.StatusUnprocessableEntity:
		return CodeIllegalMove
	}
	return CodeInternal
}

// httpError is an error with its status and its structured body.
type httpError struct {
	status int
	body   ErrorResponse
}

func (e *httpError) Error() string { return e.body.Error }

// badRequest is a 400 that names no field.
func badRequest(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	return &httpError{http.StatusBadRequest, ErrorResponse{Error: msg, Code: CodeInvalid}}
}

// fieldError is an error about one field of the request (index >= 0: the
// move at that index of moves); reason is what is wrong, msg the sentence
// for people.
func fieldError(status int, code, field string, index int, reason, msg string) error {
	e := &httpError{status, ErrorResponse{Error: msg, Code: code, Field: field, Reason: reason}}
	if index >= 0 {
		e.body.Index = &index
	}
	return e
}

// fail writes err with its status (500 for an unexpected one).
func fail(w http.ResponseWriter, err error) {
	var he *httpError
	switch {
	case errors.As(err, &he):
		writeJSON(w, he.status, he.body)
	case errors.Is(err, errBusy), errors.Is(err, errStopping):
		w.Header().Set("Retry-After", "1")
		code := CodeBusy
		if errors.Is(err, errStopping) {
			code = CodeShuttingDown
		}
		writeJSON(w, http.StatusServiceUnavailable, ErrorResponse{Error: err.Error(), Code: code})
	default:
		writeError(w, http.StatusInternalServerError, err.Error())
	}
}

// decode reads one JSON object of at most limit bytes into v, strictly
// (internal/strictjson): unknown fields, fields in another case, and data
// after the object are errors. A body that does not arrive within the
// server's read timeout is a 408; no error quotes a network address.
func decode(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var tooBig *http.MaxBytesError
		var ne net.Error
		switch {
		case errors.As(err, &tooBig):
			return bodyTooLarge(limit)
		case errors.As(err, &ne) && ne.Timeout():
			return &httpError{http.StatusRequestTimeout, ErrorResponse{Error: "the request body did not arrive in time", Code: CodeTimeout}}
		}
		return malformed("the request body could not be read: the connection failed")
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return malformed("empty body: want a JSON object")
	}
	err = strictjson.Decode(data, v, strictjson.Partial)
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var fe *strictjson.FieldError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, io.ErrUnexpectedEOF):
		return malformed("malformed JSON: unexpected end of body")
	case errors.As(err, &syn):
		return malformed(fmt.Sprintf("malformed JSON at byte %d: %v", syn.Offset, syn))
	case errors.As(err, &typ):
		reason := fmt.Sprintf("want %v, got JSON %s", typ.Type, typ.Value)
		return fieldError(http.StatusBadRequest, CodeMalformedJSON, excerpt.Prefix(typ.Field), -1, reason,
			fmt.Sprintf("field %s: %s", excerpt.Quote(typ.Field), reason))
	case errors.As(err, &fe):
		// Partial mode: every FieldError is an unknown (or miscased)
		// field, or a fixed-size array of another length.
		msg := "unknown field " + excerpt.Quote(fe.Path)
		reason := strings.TrimPrefix(strings.TrimPrefix(fe.Reason, "unknown field"), ": ")
		if reason != "" {
			msg += ": " + reason
		}
		return fieldError(http.StatusBadRequest, CodeUnknownField, excerpt.Prefix(fe.Path), -1, reason, msg)
	case errors.Is(err, strictjson.ErrTrailing):
		return malformed("unexpected data after the JSON object")
	}
	return malformed(fmt.Sprintf("malformed JSON: %v", err))
}

func bodyTooLarge(limit int64) error {
	msg := fmt.Sprintf("body larger than %d bytes", limit)
	return &httpError{http.StatusRequestEntityTooLarge, ErrorResponse{Error: msg, Code: CodeBodyTooLarge}}
}

func malformed(msg string) error {
	return &httpError{http.StatusBadRequest, ErrorResponse{Error: msg, Code: CodeMalformedJSON}}
}
