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
			req.limits.MoveTime = n
		case "depth":
			n, err = num(1, 1<<20)
			req.limits.Depth = int(n)
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
// settings), at most MaxStreamLines.
func streamLines(name, v string) (int, error) {
	val, err := settings.MultiPV.Parse(name, v)
	if err == nil && val.N > MaxStreamLines {
		err = fmt.Errorf("%s %d: the stream shows at most %d lines", name, val.N, MaxStreamLines)
	}
	if err != nil {
		return 0, badRequest("%v", err)
	}
	return int(val.N), nil
}

// stream answers GET /api/v1/analyse/stream?position=...&moves=...&movetime=ms
// (or depth=N, or infinite=true: until the client leaves, at most
// MaxAnalysisTime), multipv=K (1 to MaxStreamLines), freefirstlap=true|false:
// a text/event-stream of "info" events (InfoEvent) ending with one
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
	if err == nil && req.infinite {
		l, capped, err = s.infiniteLimits(req.limits)
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
	// The search reports from its own goroutine; a client slower than the
	// search misses reports, never holds the search up.
	infos := make(chan InfoEvent, 64)
	done := make(chan search.Result, 1)
	go func() {
		done <- e.Search(ctx, root, g.History(), l, func(i search.Info) {
			ev := InfoEvent{Depth: i.Depth, SelDepth: i.SelDepth, MultiPV: max(i.MultiPV, 1), Score: i.Score,
				Proven: i.Proven, Nodes: i.Nodes, NPS: i.NPS, TimeMS: i.Time.Milliseconds(), PV: make([]string, len(i.PV))}
			for k, m := range i.PV {
				ev.PV[k] = m.String()
			}
			select {
			case infos <- ev:
			default:
			}
		})
	}()
	var sr search.Result
	for waiting := true; waiting; {
		select {
		case ev := <-infos:
			writeEvent(w, "info", ev)
			flusher.Flush()
		case sr = <-done:
			waiting = false
		}
	}
	s.releaseFor(e, eo)
	// The answer is written even when the request's context ended: a
	// client that went away does not read it, and at a shutdown the
	// stopped search still answers.
	for len(infos) > 0 {
		writeEvent(w, "info", <-infos)
	}
	if l.Infinite && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		final.Capped = fmt.Sprintf("an unlimited analysis stops at the server's limit of %v", deadline)
	}
	final.answer(root, sr, rules)
	writeEvent(w, "bestmove", final)
	flusher.Flush()
}

func writeEvent(w http.ResponseWriter, name string, v any) {
	data, _ := json.Marshal(v)
	fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, data)
}
