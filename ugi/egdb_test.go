// A real session whose endgame database file is cut between searches.

package ugi

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/egdb/egdbtest"
	"github.com/kiothi/kiothi/internal/testgame"
)

// A session searching with EGDBFile set survives the file being cut
// under it (truncate, or the first moment of a cp over it): the next
// search says so once with an info string, searches without it, and the
// session answers on.
func TestDatabaseCutUnderSession(t *testing.T) {
	path := egdbtest.File(t, 6)
	p := testgame.RandomPlay(rand.New(rand.NewPCG(3, 4)), 10, 5) // leaves in the database
	h := startSession(t, Config{})
	h.send("ugi")
	for h.next() != "ugiok" {
	}
	h.send("setoption name EGDBFile value "+path, "position fen "+p.String())
	h.want("isready", "readyok")
	// search runs go depth 6 and returns its info strings.
	search := func() []string {
		t.Helper()
		h.send("go depth 6")
		var notes []string
		for {
			l := h.next()
			if strings.HasPrefix(l, "info string") {
				notes = append(notes, l)
			}
			if strings.HasPrefix(l, "bestmove") {
				if l == "bestmove none" {
					t.Fatalf("no move: %v", notes)
				}
				return notes
			}
		}
	}
	if notes := search(); len(notes) != 0 {
		t.Fatalf("with the database whole: %q", notes)
	}
	if err := os.Truncate(path, 100); err != nil {
		t.Fatal(err)
	}
	notes := search()
	if len(notes) != 1 || !strings.Contains(notes[0], "info string the endgame database "+path+" changed on disk and is no longer used") {
		t.Fatalf("after the cut: %q, want one note that the database is no longer used", notes)
	}
	if notes := search(); len(notes) != 0 {
		t.Errorf("the next search says it again: %q", notes)
	}
	h.want("isready", "readyok")
	h.quit()
}
