// The API's endpoints: moves, analyse and play.

package serve

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// parsePosition reads startpos, startpos25 or the four-field string.
func parsePosition(s string) (position.Position, error) {
	if strings.TrimSpace(s) == "" {
		return position.Position{}, fieldError(http.StatusBadRequest, CodeMissing, "position", -1, "",
			"position: missing (startpos, startpos25 or the four-field string)")
	}
	p, err := position.ParseStart(s)
	if err != nil {
		return p, fieldError(http.StatusBadRequest, CodeInvalid, "position", -1, err.Error(), err.Error())
	}
	return p, nil
}

// moveError is the error for the move at index k of moves (k < 0: the
// request's single move field), unreadable (illegal false) or refused by
// the rules; the reason drops the move's own name where err starts with it.
func moveError(field string, k int, ms string, m position.GameMove, illegal bool, err error) error {
	reason := err.Error()
	if illegal {
		reason = strings.TrimPrefix(reason, m.String()+": ")
	}
	at := field
	if k >= 0 {
		at = fmt.Sprintf("%s[%d]", field, k)
	}
	if !illegal {
		return fieldError(http.StatusBadRequest, CodeInvalid, field, k, reason, fmt.Sprintf("%s: %v", at, err))
	}
	return fieldError(http.StatusUnprocessableEntity, CodeIllegalMove, field, k, reason,
		fmt.Sprintf("%s %s is illegal: %v", at, excerpt.Quote(ms), err))
}

func (s *Server) moves(w http.ResponseWriter, r *http.Request) {
	q, err := queryParams(r.URL.RawQuery) // the stream's reading: one wording for a bad parameter
	if err != nil {
		fail(w, err)
		return
	}
	for k := range q {
		if k != "position" {
			fail(w, fieldError(http.StatusBadRequest, CodeUnknownField, excerpt.Prefix(k), -1, "", "unknown query parameter "+excerpt.Quote(k)))
			return
		}
	}
	p, err := parsePosition(q["position"])
	if err != nil {
		fail(w, err)
		return
	}
	res := MovesResponse{Position: p.String(), Phase: "play"}
	if !movegen.HasMove(&p, s.cfg.Rules) {
		o := movegen.NoMoveOutcome(&p)
		res.Result = newResult(o)
	}
	if p.Phase() != position.Play {
		res.Phase = "opening"
		res.Pairs = []PairEntry{}
		movegen.ForEachPair(&p, func(i, j, lifted int) {
			n := movegen.CountPair(lifted)
			res.Pairs = append(res.Pairs, PairEntry{Pair: position.PairString(i, j), Lifted: lifted, Count: n})
		})
		if total, err := movegen.CountOpening(&p); err == nil {
			res.Total = total
		}
	} else {
		res.Moves = playMoves(p, s.cfg.Rules)
	}
	writeJSON(w, http.StatusOK, res)
}

// playMoves lists p's legal play moves, each with where its sowing ends
// and the position it leads to.
func playMoves(p position.Position, rules movegen.Rules) []MoveEntry {
	var list movegen.MoveList
	n := movegen.Generate(&p, rules, &list)
	out := make([]MoveEntry, 0, n)
	for _, m := range list[:n] {
		after, t, _ := movegen.TraceMove(p, m, rules)
		out = append(out, MoveEntry{Move: m.String(), Landing: position.PitName(t.Landing), Position: after.String()})
	}
	return out
}

// replay reads the start position (startpos, startpos25 or a position
// string) and plays moves from it under rules, checking each.
func (s *Server) replay(pos string, moves []string, rules movegen.Rules) (*movegen.Game, error) {
	start, err := parsePosition(pos)
	if err != nil {
		return nil, err
	}
	if len(moves) > s.cfg.MaxMoves {
		reason := fmt.Sprintf("%d moves, at most %d", len(moves), s.cfg.MaxMoves)
		return nil, fieldError(http.StatusBadRequest, CodeOutOfRange, "moves", -1, reason, "moves: "+reason)
	}
	g := movegen.NewGame(start, rules)
	for k, ms := range moves {
		m, err := position.ParseGameMove(ms)
		if err != nil {
			return nil, moveError("moves", k, ms, m, false, err)
		}
		if err := g.Play(m); err != nil {
			return nil, moveError("moves", k, ms, m, true, err)
		}
	}
	return g, nil
}

// limits turns a request's limits into the search's, with the movetime
// capped at MaxMoveTime; capped says so when it was. A limit left out is
// not given; one given as 0 or less is refused, naming the field.
func (s *Server) limits(l Limits) (out search.Limits, capped string, err error) {
	maxDepth := limits.Range{Min: limits.Depth.Min, Max: int64(s.cfg.MaxDepth)}
	outOfRange := func(field string, err error) error {
		return fieldError(http.StatusBadRequest, CodeOutOfRange, field, -1, err.Error(), err.Error())
	}
	switch {
	case l.MoveTime != nil && *l.MoveTime < 1:
		return out, "", outOfRange("limits.movetime", fmt.Errorf("limits.movetime %d: must be at least 1 ms (leave it out for the server's default)", *l.MoveTime))
	case l.Depth != nil && !maxDepth.Contains(int64(*l.Depth)):
		return out, "", outOfRange("limits.depth", maxDepth.Check("limits.depth", int64(*l.Depth)))
	case l.Nodes != nil && (*l.Nodes < uint64(limits.Nodes.Min) || *l.Nodes > uint64(limits.Nodes.Max)):
		return out, "", outOfRange("limits.nodes", limits.Nodes.CheckUint("limits.nodes", *l.Nodes))
	}
	if l.Depth != nil {
		out.Depth = *l.Depth
	}
	if l.Nodes != nil {
		out.Nodes = *l.Nodes
	}
	if l.MoveTime != nil {
		maxMS := s.cfg.MaxMoveTime.Milliseconds()
		out.MoveTime = time.Duration(min(*l.MoveTime, maxMS)) * time.Millisecond
		if *l.MoveTime > maxMS {
			capped = fmt.Sprintf("movetime %d ms asked, %d ms allowed: capped", *l.MoveTime, maxMS)
		}
	}
	if out.MoveTime == 0 && out.Depth == 0 && out.Nodes == 0 {
		out.MoveTime = s.cfg.DefaultMoveTime
	}
	return out, capped, nil
}

// writeSlack is the time an unlimited analysis stream has, beyond its
// search's cap, to write its answer.
const writeSlack = 10 * time.Second

// infiniteLimits are the limits of an unlimited analysis, which takes no
// other limit: it runs until the client goes away or the server's
// MaxAnalysisTime, whichever comes first.
func (s *Server) infiniteLimits(l Limits) (search.Limits, string, error) {
	if l != (Limits{}) {
		return search.Limits{}, "", fieldError(http.StatusBadRequest, CodeInvalid, "infinite", -1,
			"an unlimited analysis takes no movetime, depth or nodes", "infinite: an unlimited analysis takes no movetime, depth or nodes")
	}
	return search.Limits{Infinite: true}, "", nil
}

func (s *Server) analyse(w http.ResponseWriter, r *http.Request) {
	var req AnalyseRequest
	if err := decode(w, r, s.cfg.MaxBody, &req); err != nil {
		fail(w, err)
		return
	}
	g, err := s.replay(req.Position, req.Moves, s.cfg.Rules)
	if err != nil {
		fail(w, err)
		return
	}
	l, capped, err := s.limits(req.Limits)
	if err != nil {
		fail(w, err)
		return
	}
	lines := 1
	if req.MultiPV != nil {
		if err := limits.MultiPV.Check("multipv", int64(*req.MultiPV)); err != nil {
			fail(w, fieldError(http.StatusBadRequest, CodeOutOfRange, "multipv", -1, limits.MultiPV.Want(), err.Error()))
			return
		}
		lines = *req.MultiPV
	}
	root := g.Current()
	res := AnalyseResponse{Position: root.String(), PV: []string{}, Capped: capped}
	if o, over := g.Over(); over {
		res.Result = newResult(o)
		writeJSON(w, http.StatusOK, res)
		return
	}
	eo := s.engineOptions(lines, s.cfg.Rules)
	e, err := s.acquireFor(r.Context(), eo)
	if err != nil {
		fail(w, err)
		return
	}
	// Every search ends by its movetime or the cap, whatever the engine
	// does with its limits.
	deadline := s.cfg.MaxMoveTime
	if l.MoveTime > 0 {
		deadline = l.MoveTime
	}
	ctx, cancel := context.WithTimeout(r.Context(), deadline)
	// The lines are the last depth whose every line came.
	var last, cur []AnalyseLine
	sr := e.Search(ctx, root, g.History(), l, func(i search.Info) {
		if lines == 1 {
			return
		}
		if i.MultiPV <= 1 {
			cur = nil
		}
		cur = append(cur, newAnalyseLine(i))
		if len(cur) >= max(i.Lines, 1) {
			last, cur = cur, nil
		}
	})
	if l.MoveTime == 0 && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		res.Capped = fmt.Sprintf("stopped at the server's %d ms limit before the requested depth or nodes", deadline.Milliseconds())
	}
	cancel()
	s.releaseFor(e, eo)
	res.answer(root, sr, g.Rules)
	res.addLines(last)
	writeJSON(w, http.StatusOK, res)
}

// newAnalyseLine is a search's report of one line.
func newAnalyseLine(i search.Info) AnalyseLine {
	ln := AnalyseLine{MultiPV: max(i.MultiPV, 1), Score: i.Score, Proven: i.Proven, Depth: i.Depth, PV: make([]string, len(i.PV))}
	for k, m := range i.PV {
		ln.PV[k] = m.String()
	}
	if len(ln.PV) > 0 {
		ln.Move = ln.PV[0]
	}
	return ln
}

// addLines sets res.Lines: the answer as line 1, then the lines of last
// (a depth's lines, best first) whose first move is not the answer's.
func (res *AnalyseResponse) addLines(last []AnalyseLine) {
	res.Lines = []AnalyseLine{{MultiPV: 1, Move: res.BestMove, Score: res.Score, Proven: res.Proven, Depth: res.Depth, PV: res.PV}}
	for _, ln := range last {
		if ln.Move == "" || ln.Move == res.BestMove {
			continue
		}
		ln.MultiPV = len(res.Lines) + 1
		res.Lines = append(res.Lines, ln)
	}
}

// answer sets res's best move, score, depth, nodes and line from a search
// of root that was not over. A search stopped before it had a move, or
// one whose move the rules refuse, answers with the first legal move and
// no line: the analyse and stream endpoints always name a legal move.
func (res *AnalyseResponse) answer(root position.Position, sr search.Result, rules movegen.Rules) {
	best, ok := sr.Best, sr.HasMove
	if ok {
		if _, err := movegen.Apply(root, best, rules); err != nil {
			ok = false
		}
	}
	if !ok {
		best, _ = movegen.FirstLegal(root, rules)
		sr.PV = nil
	}
	res.BestMove, res.Score, res.Proven, res.Depth, res.Nodes = best.String(), sr.Score, sr.Proven, sr.Depth, sr.Nodes
	res.PV = make([]string, 0, len(sr.PV))
	for _, m := range sr.PV {
		res.PV = append(res.PV, m.String())
	}
}

func (s *Server) play(w http.ResponseWriter, r *http.Request) {
	var req PlayRequest
	if err := decode(w, r, s.cfg.MaxBody, &req); err != nil {
		fail(w, err)
		return
	}
	p, err := parsePosition(req.Position)
	if err != nil {
		fail(w, err)
		return
	}
	if req.Move == "" {
		fail(w, fieldError(http.StatusBadRequest, CodeMissing, "move", -1, "", "move: missing"))
		return
	}
	m, err := position.ParseGameMove(req.Move)
	if err != nil {
		fail(w, moveError("move", -1, req.Move, m, false, err))
		return
	}
	if !movegen.HasMove(&p, s.cfg.Rules) {
		reason := fmt.Sprintf("the game is over, %s has no legal move", p.Side())
		fail(w, fieldError(http.StatusUnprocessableEntity, CodeGameOver, "move", -1, reason,
			fmt.Sprintf("move %s: %s", excerpt.Quote(req.Move), reason)))
		return
	}
	after, err := movegen.Apply(p, m, s.cfg.Rules)
	if err != nil {
		fail(w, moveError("move", -1, req.Move, m, true, err))
		return
	}
	res := PlayResponse{Position: after.String()}
	if !movegen.HasMove(&after, s.cfg.Rules) {
		res.Result = newResult(movegen.NoMoveOutcome(&after))
	}
	writeJSON(w, http.StatusOK, res)
}
