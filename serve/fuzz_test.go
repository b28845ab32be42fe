// Fuzz targets: no request body or query gets a 5xx or a non-JSON answer.

package serve

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

type instantSearcher struct{}

func (instantSearcher) Search(_ context.Context, root position.Position, _ []uint64, _ search.Limits, _ func(search.Info)) search.Result {
	m, ok := movegen.FirstLegal(root, movegen.Rules{})
	return search.Result{Best: m, HasMove: ok}
}

func fuzzServer() http.Handler {
	return New(Config{NewSearcher: func(search.Options) (Searcher, error) { return instantSearcher{}, nil }}).Handler()
}

func checkAnswer(t *testing.T, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code >= 500 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if !json.Valid(rec.Body.Bytes()) {
		t.Fatalf("not JSON: %q", rec.Body)
	}
}

func FuzzPostBody(f *testing.F) {
	for _, s := range []string{
		`{"position": "startpos", "moves": ["ef:e5f5"], "limits": {"depth": 1}}`,
		`{"position": "startpos", "move": "ef:e5f5"}`,
		`{"position": "0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3.0.1 0-0 s 3", "move": "j11"}`,
		`{`, `[]`, `null`, `{"limits": {"movetime": 1e99}}`,
	} {
		f.Add(s, true)
		f.Add(s, false)
	}
	h := fuzzServer()
	f.Fuzz(func(t *testing.T, body string, analyse bool) {
		path := "/api/v1/play"
		if analyse {
			path = "/api/v1/analyse"
			// keep a fuzzed search short
			body = strings.ReplaceAll(body, "movetime", "depth")
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, strings.NewReader(body)))
		checkAnswer(t, rec)
	})
}

func FuzzMovesQuery(f *testing.F) {
	for _, s := range []string{"startpos", "startpos25", "0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3*.0.1 0-0 s 3", "", "x y z w"} {
		f.Add(s)
	}
	h := fuzzServer()
	f.Fuzz(func(t *testing.T, pos string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/moves?position="+url.QueryEscape(pos), nil))
		checkAnswer(t, rec)
	})
}
