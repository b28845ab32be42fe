// POST /api/v1/annotate: a review of PGN games, the JSON `kiothi annotate
// --json` prints (annotate.Report builds both), each search in a slot of
// the server's semaphore.

package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/kiothi/kiothi/annotate"
	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/pgn"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// AnnotateRequest is the body of POST /api/v1/annotate.
type AnnotateRequest struct {
	PGN    string `json:"pgn"`
	Limits Limits `json:"limits"`
}

// maxAnnotateGames bounds the games of one review request.
const maxAnnotateGames = 1000

func (s *Server) annotate(w http.ResponseWriter, r *http.Request) {
	var req AnnotateRequest
	if err := decode(w, r, s.cfg.MaxBody, &req); err != nil {
		fail(w, err)
		return
	}
	l, _, err := s.limits(req.Limits)
	if err != nil {
		fail(w, err)
		return
	}
	games, err := s.readGames(req.PGN, maxAnnotateGames)
	if err != nil {
		fail(w, err)
		return
	}
	plies := 0
	for _, g := range games {
		plies += len(g.Moves)
	}
	if plies > s.cfg.MaxMoves {
		reason := fmt.Sprintf("%d moves in the games, at most %d", plies, s.cfg.MaxMoves)
		fail(w, fieldError(http.StatusBadRequest, CodeOutOfRange, "pgn", -1, reason, "pgn: "+reason))
		return
	}
	// The review as a whole ends by the server's cap on an analysis;
	// the answer may take that long to write.
	ctx, cancel := context.WithTimeoutCause(r.Context(), s.cfg.MaxAnalysisTime, errReviewCapped)
	defer cancel()
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.cfg.MaxAnalysisTime + s.cfg.QueueWait + writeSlack))
	ss := &slotSearcher{s: s, o: s.engineOptions(annotate.Lines, s.cfg.Rules), l: l, cancel: cancel}
	cfg := annotate.Config{Limits: l, Options: search.Options{Threads: 1, HashMB: s.cfg.HashMB, Rules: s.cfg.Rules, DB: s.cfg.DB},
		NewSearcher: func() (search.Searcher, error) { return ss, nil }}
	src := annotate.Slice(games)
	var b bytes.Buffer
	_, err = annotate.Report(ctx, &src, cfg, &b, true)
	if serr := ss.failure(); serr != nil {
		err = serr
	}
	if err != nil {
		var ge *annotate.GameError
		var se *pgn.StartError
		switch {
		case errors.As(err, &se) && errors.As(err, &ge):
			err = fieldError(http.StatusBadRequest, CodeInvalid, "pgn", -1, ge.Error(), "pgn: "+ge.Error())
		case errors.As(err, &ge):
			err = fieldError(http.StatusUnprocessableEntity, CodeIllegalMove, "pgn", -1, ge.Error(), "pgn: "+ge.Error())
		case errors.Is(context.Cause(ctx), errReviewCapped):
			reason := fmt.Sprintf("the review of %s did not end within the server's %d ms limit: send fewer moves or a lower limit", plural.Count(plies, "move"), s.cfg.MaxAnalysisTime.Milliseconds())
			err = fieldError(http.StatusBadRequest, CodeOutOfRange, "pgn", -1, reason, reason)
		}
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.Write(b.Bytes())
}

var errReviewCapped = errors.New("review capped")

// readGames reads the games of a request's PGN text, at most max, as
// 400 errors naming the line.
func (s *Server) readGames(text string, max int) ([]*pgn.Game, error) {
	pr := annotate.NewReader(strings.NewReader(text), max)
	var games []*pgn.Game
	for {
		g, err := pr.Next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return games, nil
			}
			return nil, fieldError(http.StatusBadRequest, CodeInvalid, "pgn", -1, err.Error(), "pgn: "+err.Error())
		}
		games = append(games, g)
	}
}

// slotSearcher runs each search of a review in a slot of the server's
// semaphore, on a pooled engine cleared first (as the command's review
// searches), ended by its movetime or the server's cap. A search that
// gets no slot stops the review (cancel) and is its error.
type slotSearcher struct {
	s      *Server
	o      search.Options
	l      search.Limits
	cancel context.CancelFunc
	mu     sync.Mutex
	err    error
}

func (ss *slotSearcher) Search(ctx context.Context, root position.Position, history []uint64, l search.Limits, info func(search.Info)) search.Result {
	e, err := ss.s.acquireFor(ctx, ss.o)
	if err != nil {
		if ctx.Err() == nil {
			ss.mu.Lock()
			if ss.err == nil {
				ss.err = err
			}
			ss.mu.Unlock()
			ss.cancel()
		}
		return search.Result{}
	}
	defer ss.s.releaseFor(e, ss.o)
	if c, ok := e.(interface{ NewGame() }); ok {
		c.NewGame()
	}
	deadline := ss.s.cfg.MaxMoveTime
	if l.MoveTime > 0 {
		deadline = l.MoveTime
	}
	sctx, cancel := context.WithTimeout(ctx, deadline)
	defer cancel()
	return e.Search(sctx, root, history, l, info)
}

func (ss *slotSearcher) failure() error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.err
}
