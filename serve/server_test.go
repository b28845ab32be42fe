// Tests of the HTTP API through net/http/httptest.

package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// sleepySearcher takes up to its delay (less if its context ends) and
// counts how many searches run at once.
type sleepySearcher struct {
	delay           time.Duration
	running, maxRun *atomic.Int32
}

func (f sleepySearcher) Search(ctx context.Context, root position.Position, _ []uint64, l search.Limits, _ func(search.Info)) search.Result {
	n := f.running.Add(1)
	defer f.running.Add(-1)
	for {
		m := f.maxRun.Load()
		if n <= m || f.maxRun.CompareAndSwap(m, n) {
			break
		}
	}
	select {
	case <-time.After(f.delay):
	case <-ctx.Done():
	}
	m, ok := movegen.FirstLegal(root, movegen.Rules{})
	return search.Result{Best: m, HasMove: ok, Score: 42, Depth: 3, Nodes: 1000, PV: []position.GameMove{m}}
}

func get(t *testing.T, h http.Handler, path string) (int, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return decodeBody(t, rec)
}

func post(t *testing.T, h http.Handler, path, body string) (int, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, strings.NewReader(body)))
	return decodeBody(t, rec)
}

func decodeBody(t *testing.T, rec *httptest.ResponseRecorder) (int, map[string]any) {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q", ct)
	}
	var v map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("status %d, body %q: %v", rec.Code, rec.Body, err)
	}
	return rec.Code, v
}

func TestMovesInPlay(t *testing.T) {
	h := New(Config{}).Handler()
	p, _ := position.Parse("0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3.0.1 0-0 s 3")
	code, v := get(t, h, "/api/v1/moves?position="+url.QueryEscape(p.String()))
	if code != http.StatusOK {
		t.Fatalf("status %d: %v", code, v)
	}
	var list movegen.MoveList
	n := movegen.Generate(&p, movegen.Rules{}, &list)
	moves := v["moves"].([]any)
	if len(moves) != n || v["phase"] != "play" || v["position"] != p.String() || v["result"] != nil {
		t.Fatalf("got %v, want %d moves in play", v, n)
	}
	for k, e := range moves {
		e := e.(map[string]any)
		after, _ := movegen.MakeMove(p, list[k], movegen.Rules{})
		if e["move"] != list[k].String() || e["position"] != after.String() {
			t.Errorf("move %d: got %v, want %s -> %s", k, e, list[k], after)
		}
	}
}

func TestMovesOpeningAndOver(t *testing.T) {
	h := New(Config{}).Handler()
	code, v := get(t, h, "/api/v1/moves?position=startpos")
	if code != http.StatusOK || v["phase"] != "opening" {
		t.Fatalf("status %d: %v", code, v)
	}
	start := position.Start(30)
	total, _ := movegen.CountOpening(&start)
	pairs := v["pairs"].([]any)
	if len(pairs) != 15 || uint64(v["total"].(float64)) != total {
		t.Errorf("%d pairs, total %v; want 15 pairs, total %d", len(pairs), v["total"], total)
	}
	if e := pairs[0].(map[string]any); e["pair"] != "ef" || e["lifted"] != 10.0 || uint64(e["count"].(float64)) != movegen.CountPair(10) {
		t.Errorf("first pair %v", e)
	}
	code, v = get(t, h, "/api/v1/moves?position="+url.QueryEscape("0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.1 5-0 s 3"))
	r, _ := v["result"].(map[string]any)
	if code != http.StatusOK || r == nil || r["south"] != 5.0 || r["north"] != 1.0 || r["winner"] != "south" || r["oneWarrior"] != false {
		t.Errorf("game over: %d %v", code, v)
	}
	if m, ok := v["moves"].([]any); !ok || len(m) != 0 {
		t.Errorf("game over: moves %v, want []", v["moves"])
	}
}

func TestAnalyseAndPlay(t *testing.T) {
	var running, maxRun atomic.Int32
	s := New(Config{NewSearcher: func(search.Options) (Searcher, error) {
		return sleepySearcher{time.Millisecond, &running, &maxRun}, nil
	}})
	h := s.Handler()
	code, v := post(t, h, "/api/v1/analyse", `{"position": "startpos", "moves": ["ef:e5f5", "EF:E5F5"], "limits": {"depth": 3}}`)
	if code != http.StatusOK {
		t.Fatalf("status %d: %v", code, v)
	}
	p, _, _ := movegen.ParseAndApply(position.Start(30), "ef:e5f5", movegen.Rules{})
	p, _, _ = movegen.ParseAndApply(p, "EF:E5F5", movegen.Rules{})
	want, _ := movegen.FirstLegal(p, movegen.Rules{})
	if v["bestmove"] != want.String() || v["score"] != 42.0 || v["depth"] != 3.0 || v["nodes"] != 1000.0 ||
		v["proven"] != false || v["position"] != p.String() || fmt.Sprint(v["pv"]) != "["+want.String()+"]" {
		t.Errorf("analyse: %v", v)
	}

	code, v = post(t, h, "/api/v1/play", `{"position": "`+p.String()+`", "move": "`+want.String()+`"}`)
	after, _ := movegen.Apply(p, want, movegen.Rules{})
	if code != http.StatusOK || v["position"] != after.String() {
		t.Errorf("play: %d %v, want %s", code, v, after)
	}
	code, v = post(t, h, "/api/v1/play", `{"position": "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3", "move": "b1"}`)
	if r, _ := v["result"].(map[string]any); code != http.StatusOK || r == nil || r["winner"] != "south" {
		t.Errorf("play to the end: %d %v", code, v)
	}
	// A finished game has no best move, only its result.
	code, v = post(t, h, "/api/v1/analyse", `{"position": "0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.1 5-0 s 3"}`)
	if _, has := v["bestmove"]; code != http.StatusOK || has || v["result"] == nil {
		t.Errorf("analyse of a finished game: %d %v", code, v)
	}
	code, v = get(t, h, "/healthz")
	if code != http.StatusOK || v["status"] != "ok" || v["queued"] != 0.0 || v["egdb"] != egdb.Says(nil) {
		t.Errorf("healthz: %d %v, want egdb %q", code, v, egdb.Says(nil))
	}
}

// TestHealthzSaysDatabase: GET /healthz names the endgame database the
// server's engines read (egdb.Says), the page's line about it.
func TestHealthzSaysDatabase(t *testing.T) {
	builtIn, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	code, v := get(t, New(Config{DB: builtIn}).Handler(), "/healthz")
	if want := egdb.Says(builtIn); code != http.StatusOK || v["egdb"] != want {
		t.Errorf("healthz: %d %v, want egdb %q", code, v, want)
	}
}

func TestAnalyseRealEngine(t *testing.T) {
	h := New(Config{}).Handler()
	code, v := post(t, h, "/api/v1/analyse", `{"position": "startpos", "limits": {"movetime": 50}}`)
	if code != http.StatusOK {
		t.Fatalf("status %d: %v", code, v)
	}
	m, err := position.ParseGameMove(v["bestmove"].(string))
	if err == nil {
		_, err = movegen.Apply(position.Start(30), m, movegen.Rules{})
	}
	if err != nil {
		t.Errorf("bestmove %v: %v", v["bestmove"], err)
	}
}

func TestBadRequests(t *testing.T) {
	h := New(Config{MaxBody: 1 << 10}).Handler()
	cases := []struct {
		method, path, body string
		status             int
		errPart            string
	}{
		{"GET", "/api/v1/moves", "", 400, "position: missing"},
		{"GET", "/api/v1/moves?position=nonsense", "", 400, "position"},
		{"GET", "/api/v1/moves?position=startpos&depth=3", "", 400, "unknown query parameter"},
		{"POST", "/api/v1/moves?position=startpos", "", 405, "not allowed"},
		{"GET", "/api/v1/analyse", "", 405, "not allowed"},
		{"GET", "/api/v2/moves", "", 404, "no such endpoint"},
		{"POST", "/api/v1/analyse", "", 400, "empty body"},
		{"POST", "/api/v1/analyse", "{", 400, "malformed JSON"},
		{"POST", "/api/v1/analyse", `{"position": "startpos",}`, 400, "malformed JSON"},
		{"POST", "/api/v1/analyse", "[]", 400, "want"},
		{"POST", "/api/v1/analyse", `{"position": 5}`, 400, `field "position"`},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "limit": {}}`, 400, "unknown field"},
		{"POST", "/api/v1/analyse", `{"position": "startpos"} {}`, 400, "after the JSON object"},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "moves": ["e5"]}`, 422, "moves[0]"},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "moves": ["zz"]}`, 400, "moves[0]"},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "limits": {"movetime": -1}}`, 400, "movetime"},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "limits": {"depth": 1000}}`, 400, "depth"},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "limits": {"nodes": -1}}`, 400, "nodes"},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "moves": ["` + strings.Repeat("a", 2000) + `"]}`, 413, "larger than"},
		{"POST", "/api/v1/play", `{"position": "startpos", "move": "e5"}`, 422, "illegal"},
		{"POST", "/api/v1/play", `{"position": "startpos", "move": "ef:e5"}`, 422, "illegal"},
		{"POST", "/api/v1/play", `{"position": "startpos"}`, 400, "move: missing"},
		{"POST", "/api/v1/play", `{"move": "e5"}`, 400, "position: missing"},
		{"POST", "/api/v1/play", `{"position": "startpos", "move": "q9"}`, 400, "move"},
		{"POST", "/api/v1/play", `{"position": "0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.1 5-0 s 3", "move": "a1"}`, 422, "game is over"},
		{"DELETE", "/healthz", "", 405, "not allowed"},
	}
	for _, c := range cases {
		t.Run(strings.TrimSpace(fmt.Sprintf("%s %s %.40s", c.method, c.path, c.body)), func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(c.method, c.path, strings.NewReader(c.body)))
			code, v := decodeBody(t, rec)
			msg, _ := v["error"].(string)
			if code != c.status || !strings.Contains(msg, c.errPart) {
				t.Errorf("%s %s %.60q: got %d %q, want %d containing %q", c.method, c.path, c.body, code, msg, c.status, c.errPart)
			}
		})
	}
}

// TestConcurrentClients: 50 clients at once over real connections, with
// at most MaxSearches searches running together and every request served.
func TestConcurrentClients(t *testing.T) {
	var running, maxRun atomic.Int32
	s := New(Config{MaxSearches: 3, NewSearcher: func(search.Options) (Searcher, error) {
		return sleepySearcher{20 * time.Millisecond, &running, &maxRun}, nil
	}})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	const clients = 50
	var wg sync.WaitGroup
	errs := make(chan error, clients*3)
	for k := 0; k < clients; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			reqs := []func() (*http.Response, error){
				func() (*http.Response, error) {
					return http.Post(srv.URL+"/api/v1/analyse", "application/json",
						strings.NewReader(`{"position": "startpos", "limits": {"movetime": 1000}}`))
				},
				func() (*http.Response, error) { return http.Get(srv.URL + "/api/v1/moves?position=startpos") },
				func() (*http.Response, error) {
					return http.Post(srv.URL+"/api/v1/analyse", "application/json", strings.NewReader(`{"position": `))
				},
			}
			for i, do := range reqs {
				resp, err := do()
				if err != nil {
					errs <- err
					continue
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				want := []int{200, 200, 400}[i]
				if resp.StatusCode != want || !json.Valid(body) {
					errs <- fmt.Errorf("client %d request %d: %d %s", k, i, resp.StatusCode, body)
				}
			}
		}(k)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if m := maxRun.Load(); m > 3 || m < 1 {
		t.Errorf("%d searches ran at once, want 1 to 3", m)
	}
	if n := len(s.free); n > 3 {
		t.Errorf("%d engines built for 3 slots", n)
	}
}

func TestQueueTimeout(t *testing.T) {
	var running, maxRun atomic.Int32
	s := New(Config{MaxSearches: 1, QueueWait: 10 * time.Millisecond, NewSearcher: func(search.Options) (Searcher, error) {
		return sleepySearcher{time.Second, &running, &maxRun}, nil
	}})
	h := s.Handler()
	done := make(chan struct{})
	go func() {
		defer close(done)
		post(t, h, "/api/v1/analyse", `{"position": "startpos", "limits": {"movetime": 500}}`)
	}()
	for running.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	code, v := post(t, h, "/api/v1/analyse", `{"position": "startpos"}`)
	if code != http.StatusServiceUnavailable || v["error"] == nil {
		t.Errorf("busy: %d %v", code, v)
	}
	<-done
}

// TestRunShutdown: cancelling Run's context ends a search in flight (it
// answers with what it has) and shuts the server down.
func TestRunShutdown(t *testing.T) {
	var running, maxRun atomic.Int32
	s := New(Config{NewSearcher: func(search.Options) (Searcher, error) {
		return sleepySearcher{time.Minute, &running, &maxRun}, nil
	}})
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, "127.0.0.1:0", 5*time.Second, func(a net.Addr) { addr <- a }) }()
	base := "http://" + (<-addr).String()
	resp, err := http.Post(base+"/api/v1/play", "application/json",
		bytes.NewBufferString(`{"position": "startpos", "move": "ef:e5f5"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("status %d", resp.StatusCode)
	}
	answered := make(chan int, 1)
	go func() {
		resp, err := http.Post(base+"/api/v1/analyse", "application/json",
			bytes.NewBufferString(`{"position": "startpos", "limits": {"movetime": 9000}}`))
		if err != nil {
			answered <- -1
			return
		}
		resp.Body.Close()
		answered <- resp.StatusCode
	}()
	for running.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	select {
	case code := <-answered:
		if code != 200 {
			t.Errorf("search in flight at shutdown: status %d", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("search in flight not ended by shutdown")
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no shutdown")
	}
}
