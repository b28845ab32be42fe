// Tests of the book in a session: the book move announced before its
// bestmove, and a book of other rules refused or skipped.
package ugi

import (
	"errors"
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
	// ...and refused when loaded under them.
	h.wantError("setoption name BookFile value b")
	h.quit()
}
