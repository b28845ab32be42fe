// Fuzz targets of the game body and the stream query: no 5xx, well-formed answers.

package serve

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func FuzzGameBody(f *testing.F) {
	for _, s := range []string{
		`{"position": "startpos", "moves": ["ef:e5f5", "EF:E5F5", "e5"]}`,
		`{"position": "0.2.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 s 3", "moves": ["b1"], "freeFirstLap": true}`,
		`{"position": "startpos25", "moves": []}`, `{`, `{"freeFirstLap": 1}`,
	} {
		f.Add(s)
	}
	h := fuzzServer()
	f.Fuzz(func(t *testing.T, body string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/v1/game", strings.NewReader(body)))
		checkAnswer(t, rec)
	})
}

func FuzzStreamQuery(f *testing.F) {
	for _, s := range []string{
		"position=startpos&depth=2", "position=startpos&moves=ef:e5f5+EF:E5F5&multipv=3&freefirstlap=true",
		"position=x&movetime=9999999999999999999", "depth=-1", "%zz",
		"position=startpos&infinite=true", "position=startpos&infinite=1&depth=3", "infinite=maybe",
	} {
		f.Add(s)
	}
	h := fuzzServer()
	f.Fuzz(func(t *testing.T, query string) {
		// keep a fuzzed search short
		query = strings.ReplaceAll(query, "movetime", "depth")
		req := httptest.NewRequest(http.MethodGet, "/api/v1/analyse/stream", nil)
		req.URL.RawQuery = query
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
		if rec.Header().Get("Content-Type") != "text/event-stream" {
			checkAnswer(t, rec)
			return
		}
		events := strings.Split(strings.TrimSuffix(rec.Body.String(), "\n\n"), "\n\n")
		last := events[len(events)-1]
		if !strings.HasPrefix(last, "event: bestmove\ndata: ") || !json.Valid([]byte(strings.TrimPrefix(last, "event: bestmove\ndata: "))) {
			t.Fatalf("stream does not end with a best move: %q", rec.Body)
		}
	})
}
