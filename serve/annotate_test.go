// Tests of the review and PGN endpoints: PGN to JSON and back with
// variations, errors that name the game, move or tag, and the review's
// bounds.

package serve

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"
)

func postJSON(t *testing.T, h http.Handler, path string, body any) (*httptest.ResponseRecorder, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, strings.NewReader(string(b))))
	var v map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("%s: %v: %s", path, err, rec.Body)
	}
	return rec, v
}

// A PGN with tags, comments and nested variations reads as the games of
// docs/api.md, and each game written back reads the same.
func TestPGNReadWrite(t *testing.T) {
	h := New(Config{}).Handler()
	text := "[Event \"e\"]\n[South \"s\"]\n\n1. a3 {main} (1. b2 {side} B1 (B2 2. c3)) A1 2. c1 1-0\n\n[Event \"two\"]\n\n1. e5 *\n"
	rec, v := postJSON(t, h, "/api/v1/pgn/read", map[string]string{"pgn": text})
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var read struct{ Games []PGNGame }
	json.Unmarshal(rec.Body.Bytes(), &read)
	if len(read.Games) != 2 {
		t.Fatalf("%v", v)
	}
	g := read.Games[0]
	want := []PGNMove{{Move: "a3", Comment: "main", Variations: [][]PGNMove{{{Move: "b2", Comment: "side"}, {Move: "B1", Variations: [][]PGNMove{{{Move: "B2"}, {Move: "c3"}}}}}}},
		{Move: "A1"}, {Move: "c1"}}
	if !reflect.DeepEqual(g.Moves, want) || g.Result != "1-0" || !reflect.DeepEqual(g.Tags, []PGNTag{{"Event", "e"}, {"South", "s"}}) {
		t.Fatalf("%+v", g)
	}
	if strings.Contains(rec.Body.String(), `"variations":null`) || strings.Contains(rec.Body.String(), `"comment":""`) {
		t.Errorf("empty fields written: %s", rec.Body)
	}
	rec, v = postJSON(t, h, "/api/v1/pgn/write", g)
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	out, _ := v["pgn"].(string)
	if !strings.Contains(out, "1. a3 {main} (1. b2 {side} B1 (1... B2 2. c3)) 1... A1 2. c1 1-0") {
		t.Errorf("wrote %q", out)
	}
	rec, _ = postJSON(t, h, "/api/v1/pgn/read", map[string]string{"pgn": out})
	var again struct{ Games []PGNGame }
	json.Unmarshal(rec.Body.Bytes(), &again)
	if len(again.Games) != 1 || !reflect.DeepEqual(again.Games[0], g) {
		t.Errorf("read back %+v, want %+v", again.Games, g)
	}
}

// Bad games and bad PGN are errors naming the tag, the move or the line.
func TestPGNErrors(t *testing.T) {
	h := New(Config{}).Handler()
	for _, c := range []struct {
		path  string
		body  any
		code  int
		field string
		want  string
	}{
		{"/api/v1/pgn/read", map[string]string{"pgn": "[Site \"a\x00b\"]\n*"}, 400, "pgn", "pgn line 1: tag Site: NUL byte in the value"},
		{"/api/v1/pgn/read", map[string]string{"pgn": "[FEN \"\"]\n*"}, 400, "pgn", "tag FEN: empty value"},
		{"/api/v1/pgn/read", map[string]string{"pgn": "1. a3 (b2 *"}, 400, "pgn", "variation not closed"},
		{"/api/v1/pgn/write", PGNGame{Tags: []PGNTag{{"Event", "x"}, {"FEN", ""}}, Result: "*"}, 400, "tags[1]", "tags[1]: tag FEN: empty value"},
		{"/api/v1/pgn/write", PGNGame{Moves: []PGNMove{{Move: "a3"}, {Move: "e 5"}}, Result: "*"}, 400, "moves[1].move", `moves[1].move: "e 5" is not a move`},
		{"/api/v1/pgn/write", PGNGame{Moves: []PGNMove{{Move: "a3", Variations: [][]PGNMove{{{Move: "b2", Comment: "x\x00"}}}}}}, 400, "moves[0].variations[0][0].comment", "NUL byte"},
		{"/api/v1/pgn/write", PGNGame{Result: "2-0"}, 400, "result", `result "2-0"`},
		{"/api/v1/annotate", map[string]any{"pgn": "[Event \"x\"]\n\n1. ij:a3b2F5 zz *\n"}, 422, "pgn", "game 1 (line 1): move 1... zz"},
		{"/api/v1/annotate", map[string]any{"pgn": "1. a3 {x *"}, 400, "pgn", "pgn line 1: comment not closed"},
		{"/api/v1/annotate", map[string]any{"pgn": "*", "limits": map[string]any{"depth": 1000}}, 400, "limits.depth", "limits.depth 1000"},
	} {
		rec, v := postJSON(t, h, c.path, c.body)
		if rec.Code != c.code || v["field"] != c.field || !strings.Contains(v["error"].(string), c.want) {
			t.Errorf("%s %v: %d %v, want %d field %s %q", c.path, c.body, rec.Code, v, c.code, c.field, c.want)
		}
	}
	// A FEN tag that is no position leaves the game without a start: the
	// code says the input is invalid, not that a move is illegal.
	rec, v := postJSON(t, h, "/api/v1/annotate", map[string]any{"pgn": "[FEN \"1.2.3\"]\n\n1. ij:a3b2F5 *\n"})
	if rec.Code != 400 || v["code"] != CodeInvalid || v["field"] != "pgn" || !strings.Contains(v["error"].(string), "game 1 (line 1): FEN tag: ") {
		t.Errorf("a bad FEN tag: %d %v, want 400 %s naming the tag", rec.Code, v, CodeInvalid)
	}
}

// A review holds at most the server's moves, and games beyond its bound
// are refused by the game-count bound, before any search.
func TestAnnotateBounds(t *testing.T) {
	h := New(Config{MaxMoves: 3}).Handler()
	rec, v := postJSON(t, h, "/api/v1/annotate", map[string]any{"pgn": "1. a3 B2 2. c1 D1 *", "limits": map[string]any{"depth": 1}})
	if rec.Code != 400 || !strings.Contains(v["error"].(string), "4 moves in the games, at most 3") {
		t.Errorf("%d %v", rec.Code, v)
	}
	start := time.Now()
	rec, v = postJSON(t, h, "/api/v1/annotate", map[string]any{"pgn": strings.Repeat("* ", maxAnnotateGames+1)})
	if rec.Code != 400 || !strings.Contains(v["error"].(string), "more than 1000 games (the game-count bound)") {
		t.Errorf("%d %v", rec.Code, v)
	}
	// Empty games cost no search: the answer is at once, whatever the
	// default movetime.
	rec, v = postJSON(t, h, "/api/v1/annotate", map[string]any{"pgn": strings.Repeat("* ", 500)})
	if rec.Code != 200 || len(v["games"].([]any)) != 500 {
		t.Errorf("%d %.200v", rec.Code, v)
	}
	t.Logf("%v for the bound and 500 empty games", time.Since(start))
}
