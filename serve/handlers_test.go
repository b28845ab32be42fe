// Tests of the API's structured errors and of the best move every analysis answers with.

package serve

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// TestStructuredErrors: each refusal carries its code, the field at fault
// and, for a move of a game, its index, besides the message for people.
func TestStructuredErrors(t *testing.T) {
	h := fuzzServer()
	idx := func(k int) *int { return &k }
	cases := []struct {
		method, path, body string
		status             int
		code, field        string
		index              *int
		reason             string
	}{
		{"POST", "/api/v1/game", `{"position": "startpos", "moves": ["ef:e5f5", "EF:E5F5", "b1"]}`, 422, CodeIllegalMove, "moves", idx(2), ""},
		{"POST", "/api/v1/game", `{"position": "startpos", "moves": ["ef:e5f5", "z1"]}`, 400, CodeInvalid, "moves", idx(1), `move "z1": 'z' is not a pit (a-j, A-J)`},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "moves": ["e5"]}`, 422, CodeIllegalMove, "moves", idx(0), ""},
		{"POST", "/api/v1/game", `{"moves": []}`, 400, CodeMissing, "position", nil, ""},
		{"POST", "/api/v1/game", `{"position": "1.2.3"}`, 400, CodeInvalid, "position", nil, ""},
		{"POST", "/api/v1/game", `{"position": "startpos", "colour": "s"}`, 400, CodeUnknownField, "colour", nil, ""},
		{"POST", "/api/v1/game", `{"position": 5}`, 400, CodeMalformedJSON, "position", nil, "want string, got JSON number"},
		{"POST", "/api/v1/game", `{"position": "startpos"`, 400, CodeMalformedJSON, "", nil, ""},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "limits": {"depth": 1000}}`, 400, CodeOutOfRange, "limits.depth", nil, ""},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "limits": {"movetime": -5}}`, 400, CodeOutOfRange, "limits.movetime", nil, ""},
		{"POST", "/api/v1/play", `{"position": "startpos"}`, 400, CodeMissing, "move", nil, ""},
		{"POST", "/api/v1/play", `{"position": "startpos", "move": "q9"}`, 400, CodeInvalid, "move", nil, ""},
		{"POST", "/api/v1/play", `{"position": "startpos", "move": "e5"}`, 422, CodeIllegalMove, "move", nil, ""},
		{"POST", "/api/v1/play", `{"position": "0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.1 5-0 s 3", "move": "a1"}`, 422, CodeGameOver, "move", nil, ""},
		{"GET", "/api/v1/moves?position=startpos&side=s", "", 400, CodeUnknownField, "side", nil, ""},
		{"GET", "/api/v1/nothing", "", 404, CodeNotFound, "", nil, ""},
		{"DELETE", "/api/v1/game", "", 405, CodeMethodNotAllowed, "", nil, ""},
	}
	for _, c := range cases {
		t.Run(strings.TrimSpace(fmt.Sprintf("%s %s %.50s", c.method, c.path, c.body)), func(t *testing.T) {
			var code int
			var v map[string]any
			if c.method == "POST" {
				code, v = post(t, h, c.path, c.body)
			} else {
				rec := doRequest(h, c.method, c.path)
				code, v = decodeBody(t, rec)
			}
			field, _ := v["field"].(string)
			msg, _ := v["error"].(string)
			var index *int
			if f, ok := v["index"].(float64); ok {
				index = idx(int(f))
			}
			if code != c.status || v["code"] != c.code || field != c.field || fmt.Sprint(deref(index)) != fmt.Sprint(deref(c.index)) || msg == "" {
				t.Errorf("got %d %v; want %d code %s field %q index %v", code, v, c.status, c.code, c.field, deref(c.index))
			}
			if c.reason != "" && v["reason"] != c.reason {
				t.Errorf("reason %q, want %q", v["reason"], c.reason)
			}
		})
	}
	// An illegal move's reason is the rules' own words, without the move.
	_, v := post(t, h, "/api/v1/game", `{"position": "0.2.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.3* 0-4 s 7", "moves": ["b1"]}`)
	if v["reason"] != movegen.FirstLap.String() || v["error"] != `moves[0] "b1" is illegal: b1: `+movegen.FirstLap.String() {
		t.Errorf("illegal b1: %v", v)
	}
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

func doRequest(h http.Handler, method, path string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
	return rec
}

// TestAnswerFallback: the analyse and stream endpoints' answer keeps a
// legal best move with its line, and replaces a missing or illegal one by
// the first legal move with no line.
func TestAnswerFallback(t *testing.T) {
	root := position.Start(30)
	root, _, _ = movegen.ParseAndApply(root, "ef:e5f5", movegen.Rules{})
	root, _, _ = movegen.ParseAndApply(root, "EF:E5F5", movegen.Rules{})
	first, _ := movegen.FirstLegal(root, movegen.Rules{})
	var list movegen.MoveList
	n := movegen.Generate(&root, movegen.Rules{}, &list)
	other := position.PlayMove(list[n-1])
	illegal, err := position.ParseGameMove("a1") // a is empty
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		sr     search.Result
		best   string
		pvSize int
	}{
		{"legal", search.Result{Best: other, HasMove: true, Depth: 4, PV: []position.GameMove{other}}, other.String(), 1},
		{"none", search.Result{Depth: 0}, first.String(), 0},
		{"illegal", search.Result{Best: illegal, HasMove: true, PV: []position.GameMove{illegal}}, first.String(), 0},
	} {
		var res AnalyseResponse
		res.answer(root, c.sr, movegen.Rules{})
		if res.BestMove != c.best || len(res.PV) != c.pvSize || res.PV == nil || res.Depth != c.sr.Depth {
			t.Errorf("%s: best %q pv %v depth %d; want %q with %d moves", c.name, res.BestMove, res.PV, res.Depth, c.best, c.pvSize)
		}
	}
}
