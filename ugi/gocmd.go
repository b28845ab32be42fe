// The go command: its limits, the search goroutine, stop and bestmove.

package ugi

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// searchRun is one search in flight. decided is closed once the best move
// is chosen, before the bestmove line is printed, so that a command sent
// in reply to bestmove never finds the session busy; done is closed when
// the goroutine has ended.
type searchRun struct {
	cancel  context.CancelFunc
	decided chan struct{}
	done    chan struct{}
}

// busy reports whether a search is running; a search that has chosen its
// move is waited for and cleared.
func (s *Session) busy() bool {
	if s.run == nil {
		return false
	}
	select {
	case <-s.run.decided:
		<-s.run.done
		s.run = nil
		return false
	default:
		return true
	}
}

// stopSearch ends the search, if any, and waits until its bestmove line
// is out.
func (s *Session) stopSearch() {
	if s.run == nil {
		return
	}
	s.run.cancel()
	<-s.run.done
	s.run = nil
}

// goLimits is a parsed go command.
type goLimits struct {
	l     search.Limits
	clock bool // p1time or p2time given
}

// parseGo reads the go arguments; UCI's wtime/btime/winc/binc are taken
// as p1/p2, movestogo is read and ignored.
func parseGo(args []string) (goLimits, error) {
	var g goLimits
	for k := 0; k < len(args); k++ {
		key := args[k]
		if key == "infinite" {
			g.l.Infinite = true
			continue
		}
		if k+1 >= len(args) {
			if isGoKey(key) {
				return g, fmt.Errorf("go: %s needs a value", key)
			}
			return g, fmt.Errorf("go: unknown parameter %q", clip(key))
		}
		if !isGoKey(key) {
			return g, fmt.Errorf("go: unknown parameter %q", clip(key))
		}
		k++
		n, err := strconv.ParseInt(args[k], 10, 64)
		if err != nil {
			return g, fmt.Errorf("go: %s %q: not an integer", key, clip(args[k]))
		}
		ms := time.Duration(max(n, 0)) * time.Millisecond
		if n > int64(24*time.Hour/time.Millisecond) {
			ms = 24 * time.Hour // a longer clock means nothing more
		}
		switch key {
		case "p1time", "wtime":
			g.l.P1Time, g.clock = ms, true
		case "p2time", "btime":
			g.l.P2Time, g.clock = ms, true
		case "p1inc", "winc":
			g.l.P1Inc = ms
		case "p2inc", "binc":
			g.l.P2Inc = ms
		case "movestogo":
		case "movetime":
			if n < 1 {
				return g, fmt.Errorf("go: movetime %d: must be at least 1 ms", n)
			}
			g.l.MoveTime = ms
		case "depth":
			if err := limits.Depth.Check("go: depth", n); err != nil {
				return g, err
			}
			g.l.Depth = int(n)
		case "nodes":
			if err := limits.Nodes.Check("go: nodes", n); err != nil {
				return g, err
			}
			g.l.Nodes = uint64(n)
		}
	}
	return g, nil
}

func isGoKey(k string) bool {
	switch k {
	case "p1time", "p2time", "p1inc", "p2inc", "wtime", "btime", "winc", "binc",
		"movestogo", "movetime", "depth", "nodes":
		return true
	}
	return false
}

// hardLimit is the session's own deadline, on top of the engine's time
// management, so that a move is always answered in time: movetime less
// the overhead (at least half the movetime), or on a clock at most half
// the time left plus the increment, less the overhead. 0 means none.
func hardLimit(g goLimits, side position.Side, overhead time.Duration) time.Duration {
	l := g.l
	var d time.Duration
	switch {
	case l.Infinite:
		return 0
	case l.MoveTime > 0:
		d = max(l.MoveTime-overhead, l.MoveTime/2)
	case g.clock:
		own, inc := l.P1Time, l.P1Inc
		if side == position.North {
			own, inc = l.P2Time, l.P2Inc
		}
		d = min(own-overhead, own/2+inc)
	default:
		return 0
	}
	return max(d, time.Millisecond)
}

// goCmd starts a search of the current position in its own goroutine.
// The time limits count from here: the goroutine first waits, within
// them, for the work on the searcher (a build or a new game's clearing).
func (s *Session) goCmd(args []string) error {
	if s.busy() {
		return fmt.Errorf("go during a search: send stop first")
	}
	g, err := parseGo(args)
	if err != nil {
		return err
	}
	start := time.Now()
	s.sayDB()
	if s.fault != nil {
		s.out.errorf("go: no game to play: the last position command failed")
		s.out.println("bestmove none")
		return nil
	}
	if _, over := s.game.Over(); over {
		s.out.println("bestmove none")
		return nil
	}
	root, hist, rules := s.game.Current(), s.game.History(), s.game.Rules
	if m, ok := s.bookMove(root, hist, rules); ok {
		s.out.println("info string book move " + m.String())
		s.out.println("bestmove " + m.String())
		return nil
	}
	s.retryFailed()
	s.egdbUnsuited(false)
	g.l.MoveOverhead = s.st.MoveOverhead
	var ctx context.Context
	var cancel context.CancelFunc
	if d := hardLimit(g, root.Side(), s.st.MoveOverhead); d > 0 {
		ctx, cancel = context.WithDeadline(context.Background(), start.Add(d))
	} else {
		ctx, cancel = context.WithCancel(context.Background())
	}
	run := &searchRun{cancel: cancel, decided: make(chan struct{}), done: make(chan struct{})}
	s.run = run
	j, out := s.job, s.out
	go func() {
		defer close(run.done)
		defer cancel()
		var res search.Result
		if !j.finished() {
			select {
			case <-j.done:
			case <-ctx.Done():
			}
		}
		if !j.finished() {
			out.println("info string the engine was not ready in time (hash table still being built or cleared)")
		} else {
			switch {
			case j.err != nil && j.searcher == nil:
				out.errorf("%v", j.err)
			case j.err != nil:
				out.errorf("%v (searching with the previous settings)", j.err)
			}
			if j.searcher != nil {
				l := spent(g.l, root.Side(), time.Since(start))
				res = j.searcher.Search(ctx, root, hist, l, func(i search.Info) { out.println(i.String()) })
				if res.Note != "" {
					out.println("info string " + res.Note)
				}
			}
		}
		if g.l.Infinite {
			<-ctx.Done() // UCI: an infinite search answers only after stop
		}
		m := chooseMove(res, root, rules, out)
		close(run.decided)
		out.println("bestmove " + m)
	}()
	return nil
}

// spent returns l less the time already spent waiting before the search.
func spent(l search.Limits, side position.Side, d time.Duration) search.Limits {
	if d <= 0 {
		return l
	}
	if l.MoveTime > 0 {
		l.MoveTime = max(l.MoveTime-d, time.Millisecond)
	}
	own := &l.P1Time
	if side == position.North {
		own = &l.P2Time
	}
	if *own > 0 {
		*own = max(*own-d, 0)
	}
	return l
}

// chooseMove returns the search's move if it is legal, else (reporting
// the fault) the first legal move, else none: bestmove is always legal.
func chooseMove(res search.Result, root position.Position, r movegen.Rules, out *lineWriter) string {
	if res.HasMove {
		_, err := movegen.Apply(root, res.Best, r)
		if err == nil {
			return res.Best.String()
		}
		out.errorf("search returned illegal move %s: %v", res.Best, err)
	}
	if m, ok := movegen.FirstLegal(root, r); ok {
		return m.String()
	}
	return "none"
}
