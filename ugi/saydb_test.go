// Tests of the line by which a session names its endgame database.

package ugi

import (
	"strings"
	"testing"

	"github.com/kiothi/kiothi/egdb"
)

// TestSaysDatabaseOnce: a session names the endgame database it reads in
// one info string line at the first go, not at isready, says it once, and
// again after EGDBFile changes it.
func TestSaysDatabaseOnce(t *testing.T) {
	// until reads lines up to the one that is stop, and returns those
	// naming the database.
	until := func(h *harness, stop func(string) bool) []string {
		var said []string
		for {
			l := h.next()
			if strings.HasPrefix(l, dbLine) {
				said = append(said, l)
			}
			if stop(l) {
				return said
			}
		}
	}
	ready := func(l string) bool { return l == "readyok" }
	best := func(l string) bool { return strings.HasPrefix(l, "bestmove ") }
	want := "info string " + egdb.Says(nil)

	h := startSession(t, Config{})
	h.keepDB = true
	h.send("setoption name EGDBFile value none", "isready")
	if said := until(h, ready); len(said) != 0 {
		t.Errorf("isready said %q: its answer is readyok alone", said)
	}
	h.send("position startpos", "go depth 1")
	if said := until(h, best); len(said) != 1 || said[0] != want {
		t.Errorf("first go: %q, want one %q", said, want)
	}
	h.send("go depth 1")
	if said := until(h, best); len(said) != 0 {
		t.Errorf("the second go said it again: %q", said)
	}
	// A new database is named again, at the go that reads it.
	h.send("setoption name EGDBFile value auto", "go depth 1")
	builtIn := egdb.Says(mustAuto(t))
	if said := until(h, best); len(said) != 1 || said[0] != "info string "+builtIn {
		t.Errorf("go after EGDBFile auto: %q, want one %q", said, "info string "+builtIn)
	}
}

// mustAuto returns the database the EGDBFile option's auto opens.
func mustAuto(t *testing.T) *egdb.DB {
	t.Helper()
	d, err := egdb.OpenSetting(egdb.Auto)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
