// A browser test of the page's line naming the endgame database.

package serve

import (
	"strings"
	"testing"

	"github.com/kiothi/kiothi/egdb"
)

// TestBrowserDatabaseLine: the page shows, under its status, the sentence
// GET /healthz gives for the server's endgame database (egdb.Says), with
// a capital and a full stop, and no page problem comes of it.
func TestBrowserDatabaseLine(t *testing.T) {
	b := newBrowserRun(t)
	builtIn, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	b.srv.egdb = egdb.Says(builtIn)
	tb := b.open(t, "/")
	tb.wait(`!document.getElementById('egdb').hidden`)
	tb.shot("egdb-line")
	got := tb.text("egdb")
	want := "E" + strings.TrimPrefix(b.srv.egdb, "e") + "."
	if got != want || !strings.Contains(got, "make egdb") {
		t.Errorf("the page's database line %q, want %q", got, want)
	}
	below := evalIn[bool](tb, `document.getElementById('status').getBoundingClientRect().bottom <= document.getElementById('egdb').getBoundingClientRect().top`)
	if !below {
		t.Error("the database line is not under the status")
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, p := range b.problems {
		t.Errorf("page problem: %s", p)
	}
}
