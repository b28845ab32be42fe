// Tests of the stream's lines (each depth's complete and sorted, the last
// the played move's, even to a slow client) and of its clock parameters.

package serve

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// eventKey is an info event's score in the search's order.
func eventKey(ev sseEvent) int {
	v := int(ev.data["score"].(float64))
	if ev.data["proven"] == true {
		return search.Proven(v)
	}
	return v
}

func eventPV(ev sseEvent) []string {
	var pv []string
	for _, m := range ev.data["pv"].([]any) {
		pv = append(pv, m.(string))
	}
	return pv
}

// checkStreamLines checks a stream's events: info groups of one depth,
// multipv 1..want, scores non-increasing, then one bestmove whose move
// begins the last group's first line (and whose pv is that line); the
// last group is a completed depth's, as sent before at that depth if it
// was.
func checkStreamLines(evs []sseEvent, want int) error {
	if len(evs) < 2 || evs[len(evs)-1].name != "bestmove" {
		return fmt.Errorf("%d events, want infos then bestmove", len(evs))
	}
	var groups [][]sseEvent
	for _, ev := range evs[:len(evs)-1] {
		if ev.name != "info" {
			return fmt.Errorf("event %s before the end", ev.name)
		}
		if ev.data["multipv"] == 1.0 {
			groups = append(groups, nil)
		}
		if len(groups) == 0 {
			return fmt.Errorf("first info is multipv %v", ev.data["multipv"])
		}
		g := &groups[len(groups)-1]
		if ev.data["multipv"] != float64(len(*g)+1) {
			return fmt.Errorf("depth %v: multipv %v after %d lines", ev.data["depth"], ev.data["multipv"], len(*g))
		}
		if n := len(*g); n > 0 && ((*g)[n-1].data["depth"] != ev.data["depth"] || eventKey((*g)[n-1]) < eventKey(ev)) {
			return fmt.Errorf("depth %v multipv %v score %v after depth %v score %v", ev.data["depth"], ev.data["multipv"], ev.data["score"], (*g)[n-1].data["depth"], (*g)[n-1].data["score"])
		}
		*g = append(*g, ev)
	}
	if len(groups) == 0 {
		return fmt.Errorf("no info events")
	}
	for _, g := range groups {
		if len(g) != want {
			return fmt.Errorf("depth %v: %d lines, want %d", g[0].data["depth"], len(g), want)
		}
	}
	last := groups[len(groups)-1]
	for _, g := range groups[:len(groups)-1] {
		if g[0].data["depth"] == last[0].data["depth"] && !slices.EqualFunc(g, last, func(a, b sseEvent) bool {
			return eventKey(a) == eventKey(b) && slices.Equal(eventPV(a), eventPV(b))
		}) {
			return fmt.Errorf("depth %v sent twice with different lines", g[0].data["depth"])
		}
	}
	best := evs[len(evs)-1].data
	pv := eventPV(last[0])
	var bestPV []string
	for _, m := range best["pv"].([]any) {
		bestPV = append(bestPV, m.(string))
	}
	if len(pv) == 0 || pv[0] != best["bestmove"] || !slices.Equal(pv, bestPV) {
		return fmt.Errorf("last line's pv %v, bestmove %v pv %v", pv, best["bestmove"], bestPV)
	}
	return nil
}

// TestStreamLinesSortedAndFinal: with the real engine the stream's lines
// are sorted and complete at every depth and end on the played move's.
func TestStreamLinesSortedAndFinal(t *testing.T) {
	srv := httptest.NewServer(New(Config{}).Handler())
	defer srv.Close()
	for _, pos := range []string{
		"1.2.1.0.4.3.2.4.19.1/4.3.0.3.0.3.2.1.3.6 1-0 s 4",
		"3.3.5.0.1.2.0.3.6*.6/1.3.4.2.0.4.0.3.5.4 2-3 s 9",
	} {
		for _, lim := range []string{"movetime=150", "movetime=400", "p1time=4000&p2time=4000&p1inc=100&p2inc=100"} {
			resp, err := http.Get(srv.URL + "/api/v1/analyse/stream?multipv=3&" + lim + "&position=" + url.QueryEscape(pos))
			if err != nil {
				t.Fatal(err)
			}
			evs := readEvents(t, resp.Body, nil)
			resp.Body.Close()
			if err := checkStreamLines(evs, 3); err != nil {
				t.Errorf("%s %s: %v", pos, lim, err)
			}
		}
	}
}

// burstSearcher reports depths 1..depth of lines lines each at once, the
// best line first, then answers the last depth's first line.
type burstSearcher struct{ depth, lines int }

func (b burstSearcher) Search(_ context.Context, root position.Position, _ []uint64, _ search.Limits, info func(search.Info)) search.Result {
	var list movegen.MoveList
	n := movegen.Generate(&root, movegen.Rules{}, &list)
	var pv []position.GameMove
	for d := 1; d <= b.depth; d++ {
		for k := 0; k < b.lines; k++ {
			pv = []position.GameMove{position.PlayMove(list[(d+k)%n])}
			info(search.Info{Depth: d, MultiPV: k + 1, Lines: b.lines, Score: 1000 - k, PV: pv})
		}
	}
	first := []position.GameMove{position.PlayMove(list[(b.depth)%n])}
	return search.Result{Best: first[0], HasMove: true, Score: 1000, Depth: b.depth, PV: first}
}

// TestStreamSlowClientGetsWholeDepths: a search that reports faster than
// the client reads costs the client depths, never part of one, and never
// the last.
func TestStreamSlowClientGetsWholeDepths(t *testing.T) {
	s := New(Config{NewSearcher: func(search.Options) (Searcher, error) {
		return burstSearcher{depth: 3000, lines: 3}, nil
	}})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/api/v1/analyse/stream?multipv=3&depth=50&position=" + url.QueryEscape("1.2.1.0.4.3.2.4.19.1/4.3.0.3.0.3.2.1.3.6 1-0 s 4"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	evs := readEvents(t, resp.Body, nil)
	if err := checkStreamLines(evs, 3); err != nil {
		t.Error(err)
	}
	if d := evs[len(evs)-2].data["depth"]; d != 3000.0 {
		t.Errorf("last depth %v, want 3000", d)
	}
}

// limitsSearcher records the limits it is given and answers at once.
type limitsSearcher struct {
	mu  *sync.Mutex
	got *[]search.Limits
}

func (l limitsSearcher) Search(_ context.Context, root position.Position, _ []uint64, lim search.Limits, info func(search.Info)) search.Result {
	l.mu.Lock()
	*l.got = append(*l.got, lim)
	l.mu.Unlock()
	m, ok := movegen.FirstLegal(root, movegen.Rules{})
	return search.Result{Best: m, HasMove: ok, Depth: 1, PV: []position.GameMove{m}}
}

// TestStreamClock: the clock parameters reach the search as its clock
// (no move time: its time manager chooses), the stream's deadline stays
// the server's cap, and bad clocks are refused by name.
func TestStreamClock(t *testing.T) {
	var mu sync.Mutex
	var got []search.Limits
	h := New(Config{MaxMoveTime: 3 * time.Second, NewSearcher: func(search.Options) (Searcher, error) {
		return limitsSearcher{&mu, &got}, nil
	}}).Handler()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/analyse/stream?position=startpos&moves=ef:e5f5%20EF:E5F5&p1time=60000&p2time=55000&p1inc=1000&p2inc=500", nil))
	code := rec.Code
	want := search.Limits{P1Time: 60 * time.Second, P2Time: 55 * time.Second, P1Inc: time.Second, P2Inc: 500 * time.Millisecond}
	if code != 200 || len(got) != 1 || got[0] != want {
		t.Errorf("status %d, limits %+v, want %+v", code, got, want)
	}
	for _, c := range []struct{ query, errPart string }{
		{"p1time=-1", `p1time "-1": want a whole number from 0 to`},
		{"p2inc=x", `p2inc "x"`},
		{"p1time=1000&movetime=500", "either movetime or the clock"},
		{"p1time=1000&infinite=true", "takes no clock"},
		{"p1time=1000&p1time=2000", "given 2 times"},
		{"p1time=86400001", "p1time"},
	} {
		code, v := get(t, h, "/api/v1/analyse/stream?position=startpos&"+c.query)
		if msg, _ := v["error"].(string); code != 400 || !strings.Contains(msg, c.errPart) {
			t.Errorf("%q: %d %q, want 400 containing %q", c.query, code, msg, c.errPart)
		}
	}
}

// TestStreamAnalysisHash: a long analysis (infinite, or a movetime of
// limits.LongAnalysisTime or more) takes limits.AnalysisHash's table, a
// short one or a clock the server's.
func TestStreamAnalysisHash(t *testing.T) {
	var mu sync.Mutex
	var got []search.Limits
	var hashes []int
	long := limits.AnalysisHash(true, 2, 1) // the default MaxSearches
	for _, c := range []struct {
		query string
		want  int
	}{
		{"movetime=999", limits.DefaultHashMB},
		{"p1time=600000", limits.DefaultHashMB},
		{"movetime=1000", long},
		{"infinite=true", long},
	} {
		hashes = nil
		h := New(Config{NewSearcher: func(o search.Options) (Searcher, error) {
			mu.Lock()
			hashes = append(hashes, o.HashMB)
			mu.Unlock()
			return limitsSearcher{&mu, &got}, nil
		}}).Handler()
		rec := httptest.NewRecorder()
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/analyse/stream?position=startpos&multipv=3&"+c.query, nil).WithContext(ctx))
		cancel()
		mu.Lock()
		if rec.Code != 200 || len(hashes) != 1 || hashes[0] != c.want {
			t.Errorf("%s: status %d, engines built with %v MB, want %d", c.query, rec.Code, hashes, c.want)
		}
		mu.Unlock()
	}
}
