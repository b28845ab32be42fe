// Tests of the server's edges: settings checked at startup, shutdown with
// no grace and with queued requests, JSON for every error, short echoes
// of bad input and the note on a capped limit.

package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// TestRunChecksSettings: a setting out of range is refused before the
// server listens, not answered with a 500 on every analyse.
func TestRunChecksSettings(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  Config
	}{
		{"HashMB", Config{HashMB: 100000000}},
		{"MaxSearches", Config{MaxSearches: 100000}},
		{"MaxSearches with HashMB", Config{MaxSearches: 256, HashMB: 65536}}, // 16 TB of tables
		{"MaxMoveTime", Config{MaxMoveTime: 48 * time.Hour}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.cfg
			called := false
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			err := New(cfg).Run(ctx, "127.0.0.1:0", 0, func(net.Addr) { called = true })
			cancel()
			if err == nil || called {
				t.Errorf("%+v: Run listened (%v), error %v", cfg, called, err)
			}
		})
	}
}

// runServer starts s on a free port and returns its base URL, a cancel
// that shuts it down, and Run's result.
func runServer(t *testing.T, s *Server, grace time.Duration) (string, context.CancelFunc, chan error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, "127.0.0.1:0", grace, func(a net.Addr) { addr <- a }) }()
	select {
	case a := <-addr:
		return "http://" + a.String(), cancel, done
	case err := <-done:
		t.Fatalf("Run: %v", err)
	}
	return "", cancel, done
}

type reply struct {
	code int
	body map[string]any
}

func postAsync(base, path, body string) chan reply {
	c := make(chan reply, 1)
	go func() {
		resp, err := http.Post(base+path, "application/json", strings.NewReader(body))
		if err != nil {
			c <- reply{code: -1}
			return
		}
		defer resp.Body.Close()
		var v map[string]any
		json.NewDecoder(resp.Body).Decode(&v)
		c <- reply{resp.StatusCode, v}
	}()
	return c
}

// TestShutdownNoGrace: with grace 0, a search in flight still answers
// with its move, a request waiting for a search gets a 503 that says the
// server is shutting down, and Run ends without an error.
func TestShutdownNoGrace(t *testing.T) {
	var running, maxRun atomic.Int32
	s := New(Config{MaxSearches: 1, NewSearcher: func(search.Options) (Searcher, error) {
		return sleepySearcher{time.Minute, &running, &maxRun}, nil
	}})
	base, cancel, done := runServer(t, s, 0)
	inFlight := postAsync(base, "/api/v1/analyse", `{"position": "startpos", "limits": {"movetime": 9000}}`)
	for running.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	queued := postAsync(base, "/api/v1/analyse", `{"position": "startpos", "limits": {"movetime": 9000}}`)
	for deadline := time.Now().Add(10 * time.Second); s.queued.Load() == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the second request never waited for a slot")
		}
	}
	cancel()
	for name, c := range map[string]chan reply{"in flight": inFlight, "queued": queued} {
		t.Run(name, func(t *testing.T) {
			select {
			case r := <-c:
				switch {
				case name == "in flight" && (r.code != 200 || r.body["bestmove"] == nil):
					t.Errorf("search in flight at shutdown: %d %v", r.code, r.body)
				case name == "queued" && (r.code != 503 || !strings.Contains(r.body["error"].(string), "shutting down")):
					t.Errorf("queued request at shutdown: %d %v", r.code, r.body)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s request: no answer", name)
			}
		})
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run after a shutdown: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no shutdown")
	}
}

// TestErrorsAreJSON: over-long headers and unclean paths get JSON
// errors, not net/http's plain text or an HTML redirect, through Run.
func TestErrorsAreJSON(t *testing.T) {
	base, cancel, done := runServer(t, New(Config{}), time.Second)
	defer func() { cancel(); <-done }()
	for _, c := range []struct {
		path string
		code int
	}{
		{"/api/v1/moves?position=" + strings.Repeat("x", 100<<10), http.StatusRequestHeaderFieldsTooLarge},
		{"/../x", http.StatusNotFound},
		{"/api/v1/../healthz", http.StatusNotFound},
		{"/api//v1/moves", http.StatusNotFound},
	} {
		t.Run(fmt.Sprintf("%.40s", c.path), func(t *testing.T) {
			// A raw request line, so that the client does not clean the path.
			conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			io.WriteString(conn, "GET "+c.path+" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("%.40s: %v", c.path, err)
			}
			body, _ := io.ReadAll(resp.Body)
			conn.Close()
			var v map[string]any
			if resp.StatusCode != c.code || resp.Header.Get("Content-Type") != "application/json" || json.Unmarshal(body, &v) != nil || v["error"] == nil {
				t.Errorf("%.40s: %d %q %.200s, want %d with a JSON error", c.path, resp.StatusCode, resp.Header.Get("Content-Type"), body, c.code)
			}
			if len(body) > 1000 {
				t.Errorf("%.40s: a %d-byte error echoes the request", c.path, len(body))
			}
		})
	}
}

// TestShortEchoes: bad input of any size is quoted by a short prefix.
func TestShortEchoes(t *testing.T) {
	h := New(Config{}).Handler()
	long := strings.Repeat("9.", 30000)
	for _, req := range []*http.Request{
		httptest.NewRequest(http.MethodGet, "/api/v1/moves?position="+url.QueryEscape(long), nil),
		httptest.NewRequest(http.MethodPost, "/api/v1/analyse", strings.NewReader(`{"position": "`+long+`"}`)),
		httptest.NewRequest(http.MethodPost, "/api/v1/analyse", strings.NewReader(`{"position": "startpos", "moves": ["`+long+`"]}`)),
		httptest.NewRequest(http.MethodPost, "/api/v1/play", strings.NewReader(`{"position": "startpos", "move": "ef:e`+long+`"}`)),
		httptest.NewRequest(http.MethodGet, "/api/v1/"+long, nil),
	} {
		t.Run(req.Method+" "+fmt.Sprintf("%.30s", req.URL.Path), func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code/100 != 4 || rec.Body.Len() > 1000 {
				t.Errorf("%s %.30s: status %d, %d-byte body %.100s", req.Method, req.URL.Path, rec.Code, rec.Body.Len(), rec.Body)
			}
		})
	}
}

// TestCappedNote: a movetime above the cap is capped and the answer says
// so; one within it has no note.
func TestCappedNote(t *testing.T) {
	var running, maxRun atomic.Int32
	var asked atomic.Int64
	s := New(Config{MaxMoveTime: 20 * time.Millisecond, NewSearcher: func(search.Options) (Searcher, error) {
		return recordingSearcher{sleepySearcher{time.Millisecond, &running, &maxRun}, &asked}, nil
	}})
	h := s.Handler()
	code, v := post(t, h, "/api/v1/analyse", `{"position": "startpos", "limits": {"movetime": 60000}}`)
	if c, _ := v["capped"].(string); code != 200 || !strings.Contains(c, "60000") || asked.Load() != 20 {
		t.Errorf("capped movetime: %d %v, searched %d ms", code, v, asked.Load())
	}
	code, v = post(t, h, "/api/v1/analyse", `{"position": "startpos", "limits": {"movetime": 10}}`)
	if code != 200 || v["capped"] != nil {
		t.Errorf("movetime within the cap: %d %v", code, v)
	}
}

// recordingSearcher records the movetime it was given, in ms.
type recordingSearcher struct {
	sleepySearcher
	ms *atomic.Int64
}

func (r recordingSearcher) Search(ctx context.Context, root position.Position, h []uint64, l search.Limits, info func(search.Info)) search.Result {
	r.ms.Store(l.MoveTime.Milliseconds())
	return r.sleepySearcher.Search(ctx, root, h, l, info)
}
