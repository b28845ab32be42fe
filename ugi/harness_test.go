// A test harness that drives a Session through pipes, and fake searchers.

package ugi

import (
	"bufio"
	"context"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

const waitLimit = 10 * time.Second

type harness struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
	// keepDB: next returns the session's line naming its endgame
	// database (sayDB), which it otherwise passes over, so that the tests
	// of other output read the lines they are about.
	keepDB bool
}

func startSession(t *testing.T, cfg Config) *harness {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := &harness{t: t, in: inW, lines: make(chan string, 1<<16), done: make(chan error, 1)}
	s := NewSession(outW, cfg)
	go func() {
		h.done <- s.Run(inR)
		outW.Close()
	}()
	go func() {
		defer close(h.lines)
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
	}()
	t.Cleanup(func() { inW.Close() })
	return h
}

// on returns the harness reporting to t, a subtest of the one that
// started the session.
func (h *harness) on(t *testing.T) *harness {
	c := *h
	c.t = t
	return &c
}

func (h *harness) send(lines ...string) {
	h.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(h.in, l+"\n"); err != nil {
			h.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// next returns the next output line.
func (h *harness) next() string {
	h.t.Helper()
	for {
		select {
		case l, ok := <-h.lines:
			if !ok {
				h.t.Fatal("session output ended")
			}
			if !h.keepDB && strings.HasPrefix(l, dbLine) {
				continue
			}
			return l
		case <-time.After(waitLimit):
			h.t.Fatal("no output line in time")
		}
		return ""
	}
}

// dbLine opens the line by which a session names its endgame database.
const dbLine = "info string endgame database: "

// nextNonInfo returns the next line that is not an info line other than
// an error.
func (h *harness) nextNonInfo() string {
	h.t.Helper()
	for {
		l := h.next()
		if !strings.HasPrefix(l, "info ") || strings.HasPrefix(l, "info string error") {
			return l
		}
	}
}

// ask sends a line and returns the next line that is not a progress info.
func (h *harness) ask(line string) string {
	h.t.Helper()
	h.send(line)
	return h.nextNonInfo()
}

// want sends a line and checks the answer.
func (h *harness) want(line, answer string) {
	h.t.Helper()
	if got := h.ask(line); got != answer {
		h.t.Errorf("%q: got %q, want %q", line, got, answer)
	}
}

// wantError sends a line and checks it gets one error line, and nothing
// else (the isready that follows answers at once).
func (h *harness) wantError(line string) {
	h.t.Helper()
	got := h.ask(line)
	if !strings.HasPrefix(got, "info string error: ") {
		h.t.Errorf("%q: got %q, want an info string error line", line, got)
	}
	h.want("isready", "readyok")
}

// quit ends the session and checks Run returned.
func (h *harness) quit() {
	h.t.Helper()
	h.send("quit")
	select {
	case err := <-h.done:
		if err != nil {
			h.t.Errorf("Run: %v", err)
		}
	case <-time.After(waitLimit):
		h.t.Fatal("session did not end after quit")
	}
}

// bestmove reads to the bestmove line and checks it has two tokens.
func (h *harness) bestmove() string {
	h.t.Helper()
	for {
		l := h.next()
		if strings.HasPrefix(l, "bestmove") {
			f := strings.Fields(l)
			if len(f) != 2 || l != "bestmove "+f[1] {
				h.t.Fatalf("bestmove line %q: want exactly two tokens", l)
			}
			return f[1]
		}
	}
}

// slowSearcher searches until its context ends or Depth fake iterations,
// one a millisecond, reporting each; it ignores MoveTime so that only the
// session's deadline ends a movetime search.
type slowSearcher struct {
	active, searches, newGames atomic.Int32
	rules                      movegen.Rules
}

func (f *slowSearcher) NewGame() { f.newGames.Add(1) }

func (f *slowSearcher) Search(ctx context.Context, root position.Position, _ []uint64, l search.Limits, info func(search.Info)) search.Result {
	f.active.Add(1)
	defer f.active.Add(-1)
	f.searches.Add(1)
	m, ok := movegen.FirstLegal(root, f.rules)
	res := search.Result{Best: m, HasMove: ok, PV: []position.GameMove{m}}
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for d := 1; ; d++ {
		select {
		case <-ctx.Done():
			return res
		case <-tick.C:
			info(search.Info{Depth: d, SelDepth: d, Nodes: uint64(d), PV: res.PV})
			res.Depth = d
			if l.Depth > 0 && d >= l.Depth {
				return res
			}
		}
	}
}

func slowConfig(f *slowSearcher) Config {
	return Config{NewSearcher: func(search.Options) (search.GameSearcher, error) { return f, nil }}
}

// badSearcher returns an illegal move.
type badSearcher struct{}

func (badSearcher) NewGame() {}
func (badSearcher) Search(context.Context, position.Position, []uint64, search.Limits, func(search.Info)) search.Result {
	return search.Result{Best: position.PlayMove(position.NewMove(19, 63)), HasMove: true}
}
