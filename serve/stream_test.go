// Tests of the event stream: order, bounds, refusals and a client that goes away.

package serve

import (
	"bufio"
	"context"
	"encoding/json"
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

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// chattySearcher reports depths 1..depth (forever when depth is 0, until
// its context ends), then answers the first legal move. It counts the
// searches running and the ones ended by their context.
type chattySearcher struct {
	depth              int
	running, cancelled *atomic.Int32
}

func (c chattySearcher) Search(ctx context.Context, root position.Position, _ []uint64, _ search.Limits, info func(search.Info)) search.Result {
	c.running.Add(1)
	defer c.running.Add(-1)
	m, ok := movegen.FirstLegal(root, movegen.Rules{})
	d := 1
	for ; c.depth == 0 || d <= c.depth; d++ {
		select {
		case <-ctx.Done():
			c.cancelled.Add(1)
			return search.Result{Best: m, HasMove: ok, Depth: d - 1}
		case <-time.After(time.Millisecond):
		}
		info(search.Info{Depth: d, MultiPV: 1, Score: 10 * d, Nodes: uint64(100 * d), PV: []position.GameMove{m}})
	}
	return search.Result{Best: m, HasMove: ok, Score: 10 * c.depth, Depth: c.depth, Nodes: uint64(100 * c.depth), PV: []position.GameMove{m}}
}

type sseEvent struct {
	name string
	data map[string]any
}

// readEvents reads events until the stream ends or stop says so.
func readEvents(t *testing.T, body io.Reader, stop func(sseEvent) bool) []sseEvent {
	t.Helper()
	var out []sseEvent
	var cur sseEvent
	sc := bufio.NewScanner(body)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			cur.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &cur.data); err != nil {
				t.Fatalf("event %s: data %q: %v", cur.name, line, err)
			}
		case line == "":
			out = append(out, cur)
			if stop != nil && stop(cur) {
				return out
			}
			cur = sseEvent{}
		default:
			t.Fatalf("unexpected line %q", line)
		}
	}
	return out
}

func TestStreamEventsInOrder(t *testing.T) {
	var running, cancelled atomic.Int32
	s := New(Config{NewSearcher: func(search.Options) (Searcher, error) {
		return chattySearcher{depth: 5, running: &running, cancelled: &cancelled}, nil
	}})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/api/v1/analyse/stream?position=startpos&moves=" + url.QueryEscape("ef:e5f5 EF:E5F5") + "&depth=5")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || ct != "text/event-stream" {
		t.Fatalf("status %d, Content-Type %q", resp.StatusCode, ct)
	}
	evs := readEvents(t, resp.Body, nil)
	if len(evs) != 6 {
		t.Fatalf("%d events, want 5 infos and the best move: %v", len(evs), evs)
	}
	p, _, _ := movegen.ParseAndApply(position.Start(30), "ef:e5f5", movegen.Rules{})
	p, _, _ = movegen.ParseAndApply(p, "EF:E5F5", movegen.Rules{})
	want, _ := movegen.FirstLegal(p, movegen.Rules{})
	for k, ev := range evs[:5] {
		if ev.name != "info" || ev.data["depth"] != float64(k+1) || ev.data["score"] != float64(10*(k+1)) ||
			ev.data["multipv"] != 1.0 || len(ev.data["pv"].([]any)) != 1 || ev.data["pv"].([]any)[0] != want.String() {
			t.Errorf("event %d: %v", k, ev)
		}
	}
	last := evs[5]
	if last.name != "bestmove" || last.data["bestmove"] != want.String() || last.data["depth"] != 5.0 || last.data["position"] != p.String() {
		t.Errorf("last event %v, want bestmove %s", last, want)
	}
}

// TestStreamDisconnect: a client that goes away ends its search at once
// and frees its slot for the next search.
func TestStreamDisconnect(t *testing.T) {
	var running, cancelled atomic.Int32
	s := New(Config{MaxSearches: 1, QueueWait: 2 * time.Second, MaxMoveTime: time.Minute,
		NewSearcher: func(search.Options) (Searcher, error) {
			return chattySearcher{running: &running, cancelled: &cancelled}, nil
		}})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/v1/analyse/stream?position=startpos&movetime=60000", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	evs := readEvents(t, resp.Body, func(e sseEvent) bool { return e.name == "info" && e.data["depth"] == 3.0 })
	if len(evs) != 3 || running.Load() != 1 {
		t.Fatalf("before the disconnect: %v, %d running", evs, running.Load())
	}
	cancel()
	resp.Body.Close()
	deadline := time.Now().Add(5 * time.Second)
	for running.Load() != 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if running.Load() != 0 || cancelled.Load() != 1 {
		t.Fatalf("after the disconnect: %d running, %d cancelled", running.Load(), cancelled.Load())
	}
	// The one slot is free again: a second stream runs (and is also ended by its client).
	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	req, _ = http.NewRequestWithContext(ctx2, http.MethodGet, srv.URL+"/api/v1/analyse/stream?position=startpos&movetime=60000", nil)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("second stream: status %d", resp.StatusCode)
	}
	if evs := readEvents(t, resp.Body, func(sseEvent) bool { return true }); len(evs) != 1 || evs[0].name != "info" {
		t.Errorf("second stream: %v", evs)
	}
}

// TestStreamBusy: with the one slot taken, a stream waits QueueWait and
// gets a JSON 503.
func TestStreamBusy(t *testing.T) {
	var running, cancelled atomic.Int32
	s := New(Config{MaxSearches: 1, QueueWait: 20 * time.Millisecond, NewSearcher: func(search.Options) (Searcher, error) {
		return chattySearcher{running: &running, cancelled: &cancelled}, nil
	}})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/v1/analyse/stream?position=startpos&movetime=5000", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	readEvents(t, resp.Body, func(sseEvent) bool { return true })
	code, v := get(t, s.Handler(), "/api/v1/analyse/stream?position=startpos&movetime=5000&multipv=2")
	if code != http.StatusServiceUnavailable || v["error"] == nil {
		t.Errorf("busy: %d %v", code, v)
	}
}

func TestStreamBadRequests(t *testing.T) {
	var running, cancelled atomic.Int32
	h := New(Config{NewSearcher: func(search.Options) (Searcher, error) {
		return chattySearcher{depth: 1, running: &running, cancelled: &cancelled}, nil
	}}).Handler()
	cases := []struct {
		query   string
		status  int
		errPart string
	}{
		{"", 400, "position: missing"},
		{"position=nonsense", 400, "position"},
		{"position=startpos&moves=e5", 422, "moves[0]"},
		{"position=startpos&depth=1000", 400, "depth"},
		{"position=startpos&depth=x", 400, "depth"},
		{"position=startpos&movetime=-5", 400, "movetime"},
		{"position=startpos&multipv=9", 400, "multipv 9: must be from 1 to 8"},
		{"position=startpos&multipv=0", 400, "multipv 0: must be from 1 to 8"},
		{"position=startpos&multipv=x", 400, `multipv "x": want a whole number; must be from 1 to 8`},
		{"position=startpos&freefirstlap=maybe", 400, "freefirstlap"},
		{"position=startpos&depth=1&depth=2", 400, "given 2 times"},
		{"position=startpos&nodes=5", 400, "unknown query parameter"},
		{"position=startpos&depth=0", 400, `depth "0": want a whole number from 1`},
		{"position=startpos&movetime=0", 400, `movetime "0": want a whole number from 1`},
		{"position=%zz", 400, `query parameter "position": badly escaped value "%zz"`},
		{"position=startpos&mo%zzves=e5", 400, `query parameter "mo%zzves": badly escaped name`},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			code, v := get(t, h, "/api/v1/analyse/stream?"+c.query)
			msg, _ := v["error"].(string)
			if code != c.status || !strings.Contains(msg, c.errPart) {
				t.Errorf("%q: %d %q, want %d containing %q", c.query, code, msg, c.status, c.errPart)
			}
		})
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/v1/analyse/stream?position=startpos", nil))
	if code, _ := decodeBody(t, rec); code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", code)
	}
	if running.Load() != 0 {
		t.Errorf("%d searches left running", running.Load())
	}
}

// TestStreamRealEngine: the real engine at a small depth, two lines, and a
// finished game that gets its result with no best move.
func TestStreamRealEngine(t *testing.T) {
	srv := httptest.NewServer(New(Config{}).Handler())
	defer srv.Close()
	pos := "0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3.0.1 0-0 s 3"
	resp, err := http.Get(srv.URL + "/api/v1/analyse/stream?depth=3&multipv=2&position=" + url.QueryEscape(pos))
	if err != nil {
		t.Fatal(err)
	}
	evs := readEvents(t, resp.Body, nil)
	resp.Body.Close()
	lines := map[float64]bool{}
	for _, ev := range evs[:len(evs)-1] {
		if ev.name != "info" {
			t.Fatalf("event %v before the end", ev)
		}
		lines[ev.data["multipv"].(float64)] = true
	}
	last := evs[len(evs)-1]
	p, _ := position.Parse(pos)
	m, err := position.ParseGameMove(last.data["bestmove"].(string))
	if err == nil {
		_, err = movegen.Apply(p, m, movegen.Rules{})
	}
	if last.name != "bestmove" || err != nil || !lines[1] || !lines[2] || last.data["depth"] != 3.0 {
		t.Errorf("lines %v, last %v: %v", lines, last, err)
	}
	over := "0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.1 5-0 s 3"
	resp, err = http.Get(srv.URL + "/api/v1/analyse/stream?position=" + url.QueryEscape(over))
	if err != nil {
		t.Fatal(err)
	}
	evs = readEvents(t, resp.Body, nil)
	resp.Body.Close()
	if len(evs) != 1 || evs[0].name != "bestmove" || evs[0].data["bestmove"] != nil || evs[0].data["result"] == nil {
		t.Errorf("finished game: %v", evs)
	}
}

// TestStreamShutdown: a server shutting down stops a stream's search, and
// the stream still ends with the best move.
func TestStreamShutdown(t *testing.T) {
	var running, cancelled atomic.Int32
	s := New(Config{MaxMoveTime: time.Minute, NewSearcher: func(search.Options) (Searcher, error) {
		return chattySearcher{running: &running, cancelled: &cancelled}, nil
	}})
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, "127.0.0.1:0", 5*time.Second, func(a net.Addr) { addr <- a }) }()
	resp, err := http.Get("http://" + (<-addr).String() + "/api/v1/analyse/stream?position=startpos&movetime=60000")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	first := readEvents(t, resp.Body, func(sseEvent) bool { return true })
	cancel()
	rest := readEvents(t, resp.Body, nil)
	if len(first) != 1 || len(rest) == 0 || rest[len(rest)-1].name != "bestmove" || rest[len(rest)-1].data["bestmove"] == nil || cancelled.Load() != 1 {
		t.Errorf("first %v, then %v; %d searches cancelled", first, rest, cancelled.Load())
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("no shutdown")
	}
}

// countedSearcher is a searcher whose building and closing are counted.
type countedSearcher struct {
	chattySearcher
	pool *enginePool
}

func (c *countedSearcher) Close() error {
	c.pool.mu.Lock()
	defer c.pool.mu.Unlock()
	c.pool.held--
	return nil
}

// enginePool counts the engines a server holds (built and not closed)
// and the most it held at once.
type enginePool struct {
	mu         sync.Mutex
	held, peak int
	built      int
}

func (p *enginePool) newSearcher(running, cancelled *atomic.Int32) func(search.Options) (Searcher, error) {
	return func(search.Options) (Searcher, error) {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.held++
		p.built++
		p.peak = max(p.peak, p.held)
		return &countedSearcher{chattySearcher{depth: 2, running: running, cancelled: cancelled}, p}, nil
	}
}

// TestStreamEnginesWithinBudget: streams with other lines or rules than
// the pooled engines' get engines that count against --max-searches, so
// the server never holds more tables than its startup check allowed; an
// idle engine with the options asked for is reused, and a new engine
// beyond the budget drops the oldest idle one.
func TestStreamEnginesWithinBudget(t *testing.T) {
	var running, cancelled atomic.Int32
	p := &enginePool{}
	h := New(Config{MaxSearches: 2, NewSearcher: p.newSearcher(&running, &cancelled)}).Handler()
	streamOK := func(q string) bool {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/analyse/stream?position=startpos&depth=2"+q, nil))
		return rec.Code == http.StatusOK && strings.Contains(rec.Body.String(), "event: bestmove")
	}
	// One at a time, each stream finds the pool as the one before left
	// it (idle engines listed oldest first, at most two held):
	steps := []struct {
		q     string
		built int // engines built so far
	}{
		{"", 1},                   // [""]
		{"&multipv=2", 2},         // ["", 2]
		{"", 2},                   // reused: [2, ""]
		{"&multipv=2", 2},         // reused: ["", 2]
		{"&multipv=3", 3},         // drops "": [2, 3]
		{"&multipv=2", 3},         // reused: [3, 2]
		{"&freefirstlap=true", 4}, // drops 3: [2, ffl]
		{"&multipv=2", 4},         // reused: [ffl, 2]
		{"", 5},                   // drops ffl: [2, ""]
	}
	for i, st := range steps {
		if !streamOK(st.q) {
			t.Fatalf("stream %d (%q): no stream", i, st.q)
		}
		p.mu.Lock()
		built, held := p.built, p.held
		p.mu.Unlock()
		if built != st.built || held > 2 {
			t.Fatalf("after stream %d (%q): %d engines built, %d held; want %d built, at most 2 held", i, st.q, built, held, st.built)
		}
	}
	// At once, the budget holds whatever the order.
	var wg sync.WaitGroup
	for _, st := range steps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			streamOK(st.q) // a busy server's refusal is fine: the count is what matters
		}()
	}
	wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.peak > 2 {
		t.Errorf("%d engines held at once with --max-searches 2", p.peak)
	}
}
