// POST /api/v1/solve: every legal move's exact value (solve.SolveMoves),
// bounded by the server's caps, proven answers kept in a small cache.

package serve

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/solve"
)

// SolveRequest is the body of POST /api/v1/solve: a start, the moves
// played from it (kept for the repetition rule) and the time to prove in;
// FreeFirstLap, when set, overrides the server's rule (as in /api/v1/game).
type SolveRequest struct {
	Position     string      `json:"position"`
	Moves        []string    `json:"moves"`
	Limits       SolveLimits `json:"limits"`
	FreeFirstLap *bool       `json:"freeFirstLap"`
	// WorseBound: the moves worse than the best get only a bound
	// (solve.SolveMovesBounded; "worse": true), far cheaper.
	WorseBound bool `json:"worseBound"`
}

// SolveLimits bound a solve: movetime in milliseconds (left out: the
// server's default move time; 0 or less is refused, as on every face),
// capped at the server's MaxMoveTime.
type SolveLimits struct {
	MoveTime *int64 `json:"movetime"`
}

// SolveResponse answers it: the position after the moves, its value and
// every legal move's, best first (solve.MovesReport: a value where
// proven, else bounds), from the side to move's view in final prison
// difference; Result when the game is over; Cached when the answer was
// proven before.
type SolveResponse struct {
	Position string `json:"position"`
	solve.MovesReport
	Result *Result `json:"result,omitempty"`
	Capped string  `json:"capped,omitempty"`
	Cached bool    `json:"cached,omitempty"`
}

// solveCacheSize is how many proven answers the server keeps: a game's
// positions many times over, a few hundred kilobytes.
const solveCacheSize = 512

// solveCache keeps proven answers by position and the part of the game's
// history that can still repeat, least recently used dropped first. Its
// zero value is empty and ready.
type solveCache struct {
	mu    sync.Mutex
	order list.List // of *solveEntry, most recent first
	byKey map[string]*list.Element
}

type solveEntry struct {
	key string
	rep solve.MovesReport
}

func (c *solveCache) get(key string) (solve.MovesReport, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[key]
	if !ok {
		return solve.MovesReport{}, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*solveEntry).rep, true
}

func (c *solveCache) put(key string, rep solve.MovesReport) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byKey == nil {
		c.byKey = map[string]*list.Element{}
	}
	if el, ok := c.byKey[key]; ok {
		c.order.MoveToFront(el)
		return
	}
	c.byKey[key] = c.order.PushFront(&solveEntry{key, rep})
	if c.order.Len() > solveCacheSize {
		old := c.order.Back()
		c.order.Remove(old)
		delete(c.byKey, old.Value.(*solveEntry).key)
	}
}

// solveKey names root with the positions of its history that can occur
// again (those of equal prisons: prisons only grow), which are all a
// solve's values depend on besides root.
func solveKey(root position.Position, history []uint64, prisons []int) string {
	var b strings.Builder
	b.WriteString(root.String())
	tot := root.Prison(position.South) + root.Prison(position.North)
	for i, k := range history {
		if prisons[i] == tot {
			b.WriteString(" " + strconv.FormatUint(k, 36))
		}
	}
	return b.String()
}

func (s *Server) solve(w http.ResponseWriter, r *http.Request) {
	var req SolveRequest
	g, rules := s.decodeLine(w, r, &req)
	if g == nil {
		return
	}
	if req.Limits.MoveTime != nil && *req.Limits.MoveTime < 1 {
		msg := fmt.Sprintf("limits.movetime %d: must be at least 1 ms (leave it out for the server's default)", *req.Limits.MoveTime)
		fail(w, fieldError(http.StatusBadRequest, CodeOutOfRange, "limits.movetime", -1, msg, msg))
		return
	}
	root := g.Current()
	res := SolveResponse{Position: root.String()}
	res.Moves = []solve.MoveReport{}
	if o, over := g.Over(); over {
		v := o.Margin()
		if root.Side() == position.North {
			v = -v
		}
		res.Value, res.Proven, res.Result = &v, true, newResult(o)
		writeJSON(w, http.StatusOK, res)
		return
	}
	if root.Phase() != position.Play {
		msg := "position: " + solve.ErrOpening.Error()
		fail(w, fieldError(http.StatusUnprocessableEntity, CodeInvalid, "position", -1, "an opening position", msg))
		return
	}
	hist := g.History()
	hist = hist[:len(hist)-1]
	prisons := make([]int, len(hist))
	for i := range hist {
		p := &g.Positions[i]
		prisons[i] = p.Prison(position.South) + p.Prison(position.North)
	}
	key := fmt.Sprintf("%v %v %s", rules.FreeFirstLap, req.WorseBound, solveKey(root, hist, prisons))
	if rep, ok := s.oracle.get(key); ok {
		res.MovesReport, res.Cached = rep, true
		writeJSON(w, http.StatusOK, res)
		return
	}
	movetime := s.cfg.DefaultMoveTime
	if req.Limits.MoveTime != nil {
		movetime = time.Duration(*req.Limits.MoveTime) * time.Millisecond
	}
	if movetime > s.cfg.MaxMoveTime {
		res.Capped = fmt.Sprintf("movetime %d ms asked, %d ms allowed: capped", movetime.Milliseconds(), s.cfg.MaxMoveTime.Milliseconds())
		movetime = s.cfg.MaxMoveTime
	}
	if err := s.acquireSlot(r.Context()); err != nil {
		fail(w, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), movetime)
	o := solve.Options{Rules: rules, HashMB: limits.SolveHashMB, History: hist}
	if s.cfg.DB != nil && s.cfg.DB.Rules() == rules {
		o.DB = s.cfg.DB
	}
	solveMoves := solve.SolveMoves
	if req.WorseBound {
		solveMoves = solve.SolveMovesBounded
	}
	mr, err := solveMoves(ctx, root, o)
	cancel()
	s.sem.Release(1)
	if err != nil {
		if errors.Is(err, solve.ErrOpening) {
			err = fieldError(http.StatusUnprocessableEntity, CodeInvalid, "position", -1, "an opening position", "position: "+err.Error())
		}
		fail(w, err)
		return
	}
	res.MovesReport = mr.Report()
	if allProven(res.MovesReport) {
		s.oracle.put(key, res.MovesReport)
	}
	writeJSON(w, http.StatusOK, res)
}

// allProven reports whether every move of rep is proven (or, asked for
// bounds only, proven worse).
func allProven(rep solve.MovesReport) bool {
	for _, m := range rep.Moves {
		if !m.Proven && !m.Worse {
			return false
		}
	}
	return rep.Proven
}
