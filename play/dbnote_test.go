// The endgame database's file changed under a sitting: the screen says
// so once.

package play

import (
	"os"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/egdb/egdbtest"
)

// A database whose file is cut after it was opened is dropped by the
// first search (search.Result.Note); play shows that note on the screen
// once, not at every search.
func TestDatabaseChangedNote(t *testing.T) {
	path, db := egdbtest.Open(t, 4)
	if err := os.Truncate(path, 100); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := Run(Config{In: strings.NewReader("hint\nhint\nquit\n"), Out: &out, Depth: 2, DB: db}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), path+" changed on disk and is no longer used"); n != 1 {
		t.Errorf("the note that %s is no longer used shows %d times, want once:\n%s", path, n, out.String())
	}
}
