// The endgame database's file changed under a sitting: the screen says
// so once.

package play

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
)

// A database whose file is cut after it was opened is dropped by the
// first search (search.Result.Note); play shows that note on the screen
// once, not at every search.
func TestDatabaseChangedNote(t *testing.T) {
	d, err := egdb.Build(context.Background(), 4, movegen.Rules{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "live.kdb")
	if err := d.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	db, err := egdb.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
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
