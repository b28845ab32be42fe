// The analysis event stream: a search's progress as Server-Sent Events, bounded as analyse.

package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/settings"
)

// MaxStreamLines caps the multipv parameter of the event stream.
const MaxStreamLines = 8

// InfoEvent is one "info" event: a progress report of the search, the
// score from the side to move's view (Proven: a proven game value).
type InfoEvent struct {
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth"`
	MultiPV  int      `json:"multipv"`
	Score    int      `json:"score"`
	Proven   bool     `json:"proven"`
	Nodes    uint64   `json:"nodes"`
	NPS      uint64   `json:"nps"`
	TimeMS   int64    `json:"time"`
	PV       []string `json:"pv"`
}

// streamRequest is the query of GET /api/v1/analyse/stream.
type streamRequest struct {
	position     string
	moves        []string
	limits       Limits
	lines        int
	freeFirstLap *bool
	infinite     bool
	// clock: the UGI go command's p1time, p2time, p1inc, p2inc (ms;
	// p1 is South), given as the page's clock.
	clock          bool
	p1, p2, i1, i2 time.Duration
}

// queryParams splits a raw query into its parameters. A parameter given
// twice, or one that is badly escaped (which url.Values drops without a
// word), is an error that names it.
func queryParams(raw string) (map[string]string, error) {
	q, given := map[string]string{}, map[string]int{}
	for part := range strings.SplitSeq(raw, "&") {
		if part == "" {
			continue
		}
		rk, rv, _ := strings.Cut(part, "=")
		k, err := url.QueryUnescape(rk)
		if err != nil {
			return nil, badRequest("query parameter %s: badly escaped name (%%XX, XX hexadecimal)", excerpt.Quote(rk))
		}
		v, err := url.QueryUnescape(rv)
		if err != nil {
			return nil, badRequest("query parameter %s: badly escaped value %s (%%XX, XX hexadecimal)", excerpt.Quote(k), excerpt.Quote(rv))
		}
		k = strings.ToLower(k) // names in any case (package settings)
		q[k] = v
		given[k]++
	}
	for k, n := range given {
		if n > 1 {
			return nil, badRequest("query parameter %q: given %d times", k, n)
		}
	}
	return q, nil
}

func parseStreamQuery(r *http.Request) (streamRequest, error) {
	req := streamRequest{lines: 1}
	q, err := queryParams(r.URL.RawQuery)
	if err != nil {
		return req, err
	}
	for k, v := range q {
		num := func(lo, hi int64) (int64, error) {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < lo || n > hi {
				return 0, badRequest("%s %q: want a whole number from %d to %d", k, v, lo, hi)
			}
			return n, nil
		}
		var n int64
		var err error
		switch k {
		case "position":
			req.position = v
		case "moves":
			req.moves = strings.Fields(v)
		case "movetime": // leave it out for the default
			n, err = num(1, 1<<40)
			req.limits.MoveTime = &n
		case "depth":
			n, err = num(1, 1<<20)
			d := int(n)
			req.limits.Depth = &d
		case "multipv": // the table's setting, capped for the server
			req.lines, err = streamLines(k, v)
		case "freefirstlap":
			b, perr := settings.FreeFirstLap.Parse(k, v)
			if perr != nil {
				return req, badRequest("%v", perr)
			}
			req.freeFirstLap = &b.B
		case "infinite":
			b, perr := strconv.ParseBool(v)
			if perr != nil {
				return req, badRequest("infinite %q: want true or false", v)
			}
			req.infinite = b
		case "p1time", "p2time", "p1inc", "p2inc":
			n, err = num(0, limits.MoveTimeMS.Max)
			d := time.Duration(n) * time.Millisecond
			req.clock = true
			switch k {
			case "p1time":
				req.p1 = d
			case "p2time":
				req.p2 = d
			case "p1inc":
				req.i1 = d
			default:
				req.i2 = d
			}
		default:
			return req, badRequest("unknown query parameter %q", k)
		}
		if err != nil {
			return req, err
		}
	}
	return req, nil
}

// streamLines reads the multipv parameter: the MultiPV setting (package
// settings) within streamLinesRange, which its errors state.
func streamLines(name, v string) (int, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64) // as the table reads it
	if err != nil {
		return 0, badRequest("%s %s: want a whole number; %s", name, excerpt.Quote(v), streamLinesRange.Want())
	}
	if err := streamLinesRange.Check(name, n); err != nil {
		return 0, badRequest("%v", err)
	}
	return int(n), nil
}

// streamLinesRange is what the stream's multipv takes: the MultiPV
// setting's range, capped at MaxStreamLines.
var streamLinesRange = limits.Range{Min: limits.MultiPV.Min, Max: min(limits.MultiPV.Max, MaxStreamLines)}

// stream answers GET /api/v1/analyse/stream?position=...&moves=...&movetime=ms
// (or depth=N, or infinite=true: until the client leaves, at most
// MaxAnalysisTime, or the clock as UGI's go gives it, p1time, p2time,
// p1inc, p2inc in ms: the search's time manager chooses the move time,
// at most MaxMoveTime), multipv=K (1 to MaxStreamLines),
// freefirstlap=true|false: a text/event-stream of "info" events
// (InfoEvent), each depth's K lines in order multipv 1..K, best first,
// the last depth's lines those of the played move, ending with one
// "bestmove" event (AnalyseResponse; no best move, and the result, when the
// game is over). Bad requests and a full queue get JSON errors before the
// stream starts. The search takes a slot of the search semaphore for its
// whole run and ends when the client goes away.
func (s *Server) stream(w http.ResponseWriter, r *http.Request) {
	req, err := parseStreamQuery(r)
	if err != nil {
		fail(w, err)
		return
	}
	rules := s.rules(req.freeFirstLap)
	g, err := s.replay(req.position, req.moves, rules)
	if err != nil {
		fail(w, err)
		return
	}
	l, capped, err := s.limits(req.limits)
	switch {
	case err == nil && req.infinite:
		l, capped, err = s.infiniteLimits(req.limits)
		if err == nil && req.clock {
			err = badRequest("infinite: an unlimited analysis takes no clock (p1time, p2time, p1inc, p2inc)")
		}
	case err == nil && req.clock:
		l, err = clockLimits(req)
	}
	if err != nil {
		fail(w, err)
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		fail(w, fmt.Errorf("streaming not supported by this connection"))
		return
	}
	root := g.Current()
	final := AnalyseResponse{Position: root.String(), PV: []string{}, Capped: capped}
	o, over := g.Over()
	var e Searcher
	eo := s.engineOptions(req.lines, rules)
	if limits.LongAnalysis(l.Infinite, l.MoveTime) {
		// A long analysis gets the analysis table if MaxSearches of them
		// fit the memory check (the server's --hash if that is larger).
		eo.HashMB = max(eo.HashMB, limits.AnalysisHash(true, s.cfg.MaxSearches, 1))
	}
	if !over {
		if e, err = s.acquireFor(r.Context(), eo); err != nil {
			fail(w, err)
			return
		}
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	if over {
		final.Result = newResult(o)
		writeEvent(w, "bestmove", final)
		flusher.Flush()
		return
	}
	flusher.Flush()

	deadline := s.cfg.MaxMoveTime
	if l.MoveTime > 0 {
		deadline = l.MoveTime
	}
	if l.Infinite {
		deadline = s.cfg.MaxAnalysisTime
		http.NewResponseController(w).SetWriteDeadline(time.Now().Add(deadline + writeSlack))
	}
	ctx, cancel := context.WithTimeout(r.Context(), deadline)
	defer cancel()
	// The search reports from its own goroutine, one depth's lines at a
	// time; a client slower than the search misses depths, never holds
	// the search up, and always gets the last depth's lines, the played
	// move's.
	groups := make(chan []InfoEvent, 16)
	done := make(chan streamOutcome, 1)
	go func() {
		var o streamOutcome
		var cur []InfoEvent
		o.res = e.Search(ctx, root, g.History(), l, func(i search.Info) {
			if i.MultiPV <= 1 {
				cur = nil
			}
			cur = append(cur, newInfoEvent(i))
			if len(cur) < max(i.Lines, 1) {
				return
			}
			o.last, o.sent = cur, false
			select {
			case groups <- cur:
				o.sent = true
			default:
			}
			cur = nil
		})
		done <- o
	}()
	var out streamOutcome
	for waiting := true; waiting; {
		select {
		case grp := <-groups:
			writeGroup(w, grp)
			flusher.Flush()
		case out = <-done:
			waiting = false
		}
	}
	s.releaseFor(e, eo)
	// The answer is written even when the request's context ended: a
	// client that went away does not read it, and at a shutdown the
	// stopped search still answers.
	for len(groups) > 0 {
		writeGroup(w, <-groups)
	}
	if !out.sent {
		writeGroup(w, out.last)
	}
	sr := out.res
	if l.Infinite && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		final.Capped = fmt.Sprintf("an unlimited analysis stops at the server's limit of %v", deadline)
	}
	final.answer(root, sr, rules)
	writeEvent(w, "bestmove", final)
	flusher.Flush()
}

// streamOutcome is a stream's search: its result and its last depth's
// lines, and whether those went to the writer.
type streamOutcome struct {
	res  search.Result
	last []InfoEvent
	sent bool
}

func newInfoEvent(i search.Info) InfoEvent {
	ev := InfoEvent{Depth: i.Depth, SelDepth: i.SelDepth, MultiPV: max(i.MultiPV, 1), Score: i.Score,
		Proven: i.Proven, Nodes: i.Nodes, NPS: i.NPS, TimeMS: i.Time.Milliseconds(), PV: make([]string, len(i.PV))}
	for k, m := range i.PV {
		ev.PV[k] = m.String()
	}
	return ev
}

func writeGroup(w http.ResponseWriter, grp []InfoEvent) {
	for _, ev := range grp {
		writeEvent(w, "info", ev)
	}
}

// clockLimits are the limits of a search on the page's clock: the
// search's time manager chooses the move time from them, within the
// server's MaxMoveTime (the stream's deadline). A depth may come with
// them; a movetime may not.
func clockLimits(req streamRequest) (search.Limits, error) {
	if req.limits.MoveTime != nil || req.limits.Nodes != nil {
		return search.Limits{}, badRequest("movetime: give either movetime or the clock (p1time, p2time, p1inc, p2inc), not both")
	}
	l := search.Limits{P1Time: req.p1, P2Time: req.p2, P1Inc: req.i1, P2Inc: req.i2}
	if req.limits.Depth != nil {
		l.Depth = *req.limits.Depth
	}
	return l, nil
}

func writeEvent(w http.ResponseWriter, name string, v any) {
	data, _ := json.Marshal(v)
	fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, data)
}
