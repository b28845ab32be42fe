// Benchmarks of the cheap endpoints.

package serve

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

func BenchmarkMovesPlay(b *testing.B) {
	h := New(Config{}).Handler()
	path := "/api/v1/moves?position=" + url.QueryEscape("3*.2*.0.0.0.0.5*.5*.5*.5*/0.0.0.0.5*.10*.5*.5*.5*.5* 0-0 s 3")
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}

func BenchmarkPlay(b *testing.B) {
	h := New(Config{}).Handler()
	body := `{"position": "3*.2*.0.0.0.0.5*.5*.5*.5*/0.0.0.0.5*.10*.5*.5*.5*.5* 0-0 s 3", "move": "a2"}`
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/v1/play", strings.NewReader(body)))
		if rec.Code != 200 {
			b.Fatal(rec.Code, rec.Body)
		}
	}
}
