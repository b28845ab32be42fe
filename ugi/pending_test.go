// Tests of the work a session does for the searcher in the background,
// and of stop with many search threads.

package ugi

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// blockedSearcher is a slowSearcher whose NewGame (a table being cleared)
// waits, once block is set, until release is closed.
type blockedSearcher struct {
	slowSearcher
	block   atomic.Bool
	release chan struct{}
}

func (b *blockedSearcher) NewGame() {
	if b.block.Load() {
		<-b.release
	}
}

// TestGoWhileClearing: after uginewgame with no isready, go movetime is
// answered within its time though the table is still being cleared.
func TestGoWhileClearing(t *testing.T) {
	b := &blockedSearcher{release: make(chan struct{})}
	defer close(b.release)
	h := startSession(t, Config{NewSearcher: func(search.Options) (search.GameSearcher, error) { return b, nil }})
	h.want("isready", "readyok")
	b.block.Store(true)
	h.send("uginewgame", "position startpos", "go movetime 50")
	m := h.bestmove()
	if _, _, err := movegen.ParseAndApply(position.Start(30), m, movegen.Rules{}); err != nil {
		t.Errorf("bestmove %s: %v", m, err)
	}
	h.quit()
}

// TestGoWhileBuilding: after a Hash change with no isready, go movetime is
// answered within its time though the new table is still being built;
// isready then waits for it.
func TestGoWhileBuilding(t *testing.T) {
	f := &slowSearcher{}
	release := make(chan struct{})
	h := startSession(t, Config{NewSearcher: func(o search.Options) (search.GameSearcher, error) {
		if o.HashMB == 128 {
			<-release
		}
		return f, nil
	}})
	h.want("isready", "readyok")
	h.send("setoption name Hash value 128", "position startpos", "go movetime 50")
	m := h.bestmove()
	if _, _, err := movegen.ParseAndApply(position.Start(30), m, movegen.Rules{}); err != nil {
		t.Errorf("bestmove %s: %v", m, err)
	}
	h.send("isready")
	close(release)
	if l := h.nextNonInfo(); l != "readyok" {
		t.Errorf("got %q, want readyok", l)
	}
	h.send("go depth 2")
	h.bestmove()
	if f.searches.Load() != 1 {
		t.Errorf("%d searches, want 1 (the first go answered before the build)", f.searches.Load())
	}
	h.quit()
}

// TestStopManyThreads: stop and quit reach every one of many search
// threads (more than the machine's cores); the bestmove and the end of
// the session follow (the harness's bound of seconds catches a hang).
func TestStopManyThreads(t *testing.T) {
	h := startSession(t, Config{})
	h.send("setoption name Threads value 64", "setoption name Hash value 1")
	h.want("isready", "readyok")
	for k := 0; k < 3; k++ {
		h.send("position startpos moves ef:e5f5 EF:E5F5", "go infinite")
		for l := h.next(); !strings.HasPrefix(l, "info depth 2 "); l = h.next() {
		}
		h.send("stop")
		if m := h.bestmove(); m == "none" {
			t.Fatal("bestmove none")
		}
	}
	h.send("go infinite")
	for l := h.next(); !strings.HasPrefix(l, "info depth 2 "); l = h.next() {
	}
	h.quit()
}
