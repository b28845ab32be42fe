// Tests of the book in a session: the book move announced before its
// bestmove, and a book of other rules refused or skipped.

package ugi

import (
	"errors"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// rulesBook is a fixed book built for first-lap restriction on or off.
type rulesBook struct {
	fixedBook
	free bool
}

func (b rulesBook) Compatible(r movegen.Rules) error {
	if r.FreeFirstLap != b.free {
		return errors.New("other rules")
	}
	return nil
}

func TestBookMoveAnnounced(t *testing.T) {
	om, _ := position.ParseOpeningMove("ij:a3b2F5")
	f := &slowSearcher{}
	cfg := slowConfig(f)
	cfg.OpenBook = func(path string) (Book, error) { return rulesBook{fixedBook{position.Redistribute(om)}, false}, nil }
	h := startSession(t, cfg)
	h.send("setoption name BookFile value b", "setoption name OwnBook value true", "position startpos", "go depth 3")
	if l := h.next(); l != "info string book move ij:a3b2F5" {
		t.Errorf("first line %q, want the book move's info line", l)
	}
	if m := h.bestmove(); m != "ij:a3b2F5" {
		t.Errorf("bestmove %s", m)
	}
	// Rules changed after the book was loaded: the book is skipped.
	h.send("setoption name FreeFirstLap value true", "position startpos", "go depth 1")
	if l := h.nextNonInfo(); l == "bestmove ij:a3b2F5" || f.searches.Load() != 1 {
		t.Errorf("book of other rules used: %q, %d searches", l, f.searches.Load())
	}
	// isready says why the book is not used.
	h.send("isready")
	if l := h.next(); !strings.HasPrefix(l, "info string error: book \"b\"") {
		t.Errorf("isready with a book of other rules: got %q, want the book's error", l)
	}
	if l := h.next(); l != "readyok" {
		t.Errorf("got %q, want readyok", l)
	}
	h.quit()
}

// TestBookOptionOrder: options arrive in any order (cutegames sends them
// in hash-map order), so BookFile set before the rules it was built for
// is used once they are set.
func TestBookOptionOrder(t *testing.T) {
	om, _ := position.ParseOpeningMove("ij:a3b2F5")
	f := &slowSearcher{}
	cfg := slowConfig(f)
	cfg.OpenBook = func(path string) (Book, error) { return rulesBook{fixedBook{position.Redistribute(om)}, true}, nil }
	h := startSession(t, cfg)
	h.send("setoption name BookFile value b", "setoption name OwnBook value true", "setoption name FreeFirstLap value true")
	h.want("isready", "readyok")
	h.send("position startpos", "go depth 3")
	if m := h.bestmove(); m != "ij:a3b2F5" {
		t.Errorf("bestmove %s, want the book's ij:a3b2F5", m)
	}
	h.quit()
}
