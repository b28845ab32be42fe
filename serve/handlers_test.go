// Tests of the API's structured errors and of the best move every analysis answers with.

package serve

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

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
		// 0 is no "no limit": refused with the field named, as the
		// stream and UGI refuse it.
		{"POST", "/api/v1/analyse", `{"position": "startpos", "limits": {"depth": 0}}`, 400, CodeOutOfRange, "limits.depth", nil, ""},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "limits": {"nodes": 0}}`, 400, CodeOutOfRange, "limits.nodes", nil, ""},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "limits": {"movetime": 0}}`, 400, CodeOutOfRange, "limits.movetime", nil, ""},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "limits": {"depth": -1}}`, 400, CodeOutOfRange, "limits.depth", nil, ""},
		{"POST", "/api/v1/annotate", `{"pgn": "*", "limits": {"depth": 0}}`, 400, CodeOutOfRange, "limits.depth", nil, ""},
		{"POST", "/api/v1/play", `{"position": "startpos"}`, 400, CodeMissing, "move", nil, ""},
		{"POST", "/api/v1/play", `{"position": "startpos", "move": "q9"}`, 400, CodeInvalid, "move", nil, ""},
		{"POST", "/api/v1/play", `{"position": "startpos", "move": "e5"}`, 422, CodeIllegalMove, "move", nil, ""},
		{"POST", "/api/v1/play", `{"position": "0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.1 5-0 s 3", "move": "a1"}`, 422, CodeGameOver, "move", nil, ""},
		{"GET", "/api/v1/moves?position=startpos&side=s", "", 400, CodeUnknownField, "side", nil, ""},
		// Query parameters read as the stream reads them: badly escaped
		// and repeated ones are errors, not "missing" or the first taken.
		{"GET", "/api/v1/moves?position=%zz", "", 400, CodeInvalid, "", nil, ""},
		{"GET", "/api/v1/moves?position=startpos&position=startpos25", "", 400, CodeInvalid, "", nil, ""},
		// Field names in their own case only, as every face reads them.
		{"POST", "/api/v1/game", `{"Position": "startpos"}`, 400, CodeUnknownField, "Position", nil, `the name is "position" (names are case-sensitive)`},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "limits": {"Depth": 3}}`, 400, CodeUnknownField, "limits.Depth", nil, `the name is "depth" (names are case-sensitive)`},
		{"POST", "/api/v1/game", `{"position": "startpos"} {}`, 400, CodeMalformedJSON, "", nil, ""},
		{"POST", "/api/v1/analyse", `{"position": "startpos", "limits": {"nodes": 18446744073709551615}}`, 400, CodeOutOfRange, "limits.nodes", nil, ""},
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
	for body, want := range map[string]string{
		`{"depth": 0}`: "limits.depth 0: must be from 1 to ", `{"nodes": 0}`: "limits.nodes 0: must be from 1 to ",
		`{"movetime": 0}`: "limits.movetime 0: must be at least 1 ms",
	} {
		if _, v := post(t, h, "/api/v1/analyse", `{"position": "startpos", "limits": `+body+`}`); !strings.Contains(fmt.Sprint(v["error"]), want) {
			t.Errorf("limits %s: %v, want %q", body, v, want)
		}
	}
	// A node count past int64 is quoted as given, not clamped.
	if _, v := post(t, h, "/api/v1/analyse", `{"position": "startpos", "limits": {"nodes": 18446744073709551615}}`); !strings.Contains(fmt.Sprint(v["error"]), "18446744073709551615") {
		t.Errorf("nodes 2^64-1: %v", v)
	}
	for _, path := range []string{"/api/v1/moves?position=%zz", "/api/v1/analyse/stream?position=%zz"} {
		if v := decodeBodyOf(t, doRequest(h, "GET", path)); v["error"] != `query parameter "position": badly escaped value "%zz" (%XX, XX hexadecimal)` {
			t.Errorf("%s: %v, want the one wording of a badly escaped value", path, v)
		}
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

// waitingSearcher reports once, then searches until its context ends,
// and records the limits it was given.
type waitingSearcher struct{ got chan search.Limits }

func (f waitingSearcher) Search(ctx context.Context, root position.Position, _ []uint64, l search.Limits, info func(search.Info)) search.Result {
	m, ok := movegen.FirstLegal(root, movegen.Rules{})
	if info != nil {
		info(search.Info{Depth: 1, PV: []position.GameMove{m}})
	}
	<-ctx.Done()
	f.got <- l
	return search.Result{Best: m, HasMove: ok, Depth: 7, PV: []position.GameMove{m}}
}

// TestStreamInfinite: an unlimited analysis searches without limits until
// the server's MaxAnalysisTime, says so in its answer, and stops as soon
// as its client goes away; it takes no other limit.
func TestStreamInfinite(t *testing.T) {
	got := make(chan search.Limits, 4)
	s := New(Config{MaxSearches: 1, MaxAnalysisTime: 300 * time.Millisecond, NewSearcher: func(search.Options) (Searcher, error) {
		return waitingSearcher{got}, nil
	}})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	base := srv.URL + "/api/v1/analyse/stream?position=startpos&moves=" + url.QueryEscape("ef:e5f5 EF:E5F5")

	start := time.Now()
	resp, err := http.Get(base + "&infinite=true")
	if err != nil {
		t.Fatal(err)
	}
	evs := readEvents(t, resp.Body, nil)
	resp.Body.Close()
	took := time.Since(start)
	if l := <-got; !l.Infinite || l.MoveTime != 0 || l.Depth != 0 {
		t.Errorf("limits %+v, want infinite only", l)
	}
	last := evs[len(evs)-1]
	if capped, _ := last.data["capped"].(string); last.name != "bestmove" || !strings.Contains(capped, "300ms") || took < 300*time.Millisecond {
		t.Errorf("after %v: last event %v", took, last)
	}

	// A client that leaves stops the search and frees its slot.
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"&infinite=true", nil)
	s.cfg.MaxAnalysisTime = time.Minute
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	readEvents(t, resp.Body, func(e sseEvent) bool { return e.name == "info" })
	start = time.Now()
	cancel()
	resp.Body.Close()
	select {
	case <-got:
	case <-time.After(5 * time.Second):
		t.Fatal("the search went on after its client left")
	}
	deadline := time.Now().Add(5 * time.Second)
	for !s.sem.TryAcquire(1) {
		if time.Now().After(deadline) {
			t.Fatal("the search slot was not freed")
		}
		time.Sleep(5 * time.Millisecond)
	}
	s.sem.Release(1)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("stopped %v after the client left", d)
	}

	for _, q := range []string{"&infinite=true&movetime=100", "&infinite=true&depth=3", "&infinite=maybe"} {
		code, v := get(t, s.Handler(), strings.TrimPrefix(base, srv.URL)+q)
		if code != http.StatusBadRequest || v["error"] == nil {
			t.Errorf("%s: %d %v", q, code, v)
		}
	}
}

// TestMoveLanding: each legal move names the pit where its sowing ends,
// in /moves and in /game alike.
func TestMoveLanding(t *testing.T) {
	h := fuzzServer()
	pos := "1.0.0.0.0.0.0.0.0.2/0.0.0.0.0.0.0.0.3.0 0-0 s 5"
	_, v := get(t, h, "/api/v1/moves?position="+url.QueryEscape(pos))
	_, g := post(t, h, "/api/v1/game", `{"position": "`+pos+`"}`)
	// a1 ends in b; j1 in A; j2 sows A, B and ends in B.
	want := "[a1>b j1>A j2>B]"
	for name, res := range map[string]map[string]any{"moves": v, "game": g} {
		var got []string
		for _, e := range res["moves"].([]any) {
			m := e.(map[string]any)
			got = append(got, fmt.Sprintf("%s>%s", m["move"], m["landing"]))
		}
		if fmt.Sprint(got) != want {
			t.Errorf("%s: %v, want %s", name, got, want)
		}
	}
}

// TestMaxAnalysisChecked: the cap on an unlimited analysis is a checked
// setting (package limits' move time range).
func TestMaxAnalysisChecked(t *testing.T) {
	if err := (Config{MaxAnalysisTime: 25 * time.Hour}).Check(); err == nil || !strings.Contains(err.Error(), "max analysis time") {
		t.Errorf("25 h: %v", err)
	}
	if err := (Config{MaxAnalysisTime: time.Hour}).Check(); err != nil {
		t.Errorf("1 h: %v", err)
	}
}

// TestPlyLaps: a ply lists its laps: a1 sows one lap; i5 after the
// standard opening relays.
func TestPlyLaps(t *testing.T) {
	h := fuzzServer()
	_, v := post(t, h, "/api/v1/game", `{"position": "1.0.0.0.0.0.0.0.0.2/0.0.0.0.0.0.0.0.3.0 0-0 s 5", "moves": ["j2"]}`)
	// j2 lifts 2 from j, sows A and B: B was empty, the sowing ends.
	if got := fmt.Sprint(v["plies"].([]any)[0].(map[string]any)["laps"]); got != "[map[end:B from:j n:2]]" {
		t.Errorf("j2: laps %s", got)
	}
	// i2 sows j and A; A held one, so its two relay to B and C.
	_, v = post(t, h, "/api/v1/game", `{"position": "0.0.0.0.0.0.0.0.2.0/1.0.0.0.0.0.0.0.0.0 0-0 s 5", "moves": ["i2"]}`)
	if got := fmt.Sprint(v["plies"].([]any)[0].(map[string]any)["laps"]); got != "[map[end:A from:i n:2] map[end:C from:A n:2]]" {
		t.Errorf("i2: laps %s (%v)", got, v)
	}
}

func decodeBodyOf(t *testing.T, rec *httptest.ResponseRecorder) map[string]any {
	_, v := decodeBody(t, rec)
	return v
}

// A body that does not arrive within the read timeout is a 408 whose
// message quotes no network address (it was a 400 quoting "read tcp
// 127.0.0.1:...: i/o timeout").
func TestSlowBody(t *testing.T) {
	srv := httptest.NewUnstartedServer(fuzzServer())
	srv.Config.ReadTimeout = 200 * time.Millisecond
	srv.Start()
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/v1/game HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"position\": ")
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(body), `"code":"timeout"`) || strings.Contains(string(body), "127.0.0.1") {
		t.Errorf("slow body: %d %s, want 408 code timeout and no address", resp.StatusCode, body)
	}
}
