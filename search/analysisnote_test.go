// Analysis.Run says on stderr what the search says of the endgame
// database when its file changed.

package search

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/egdb/egdbtest"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// A database whose file is cut after it was opened is dropped by the
// search; kiothi analyse's stderr says so.
func TestAnalysisDatabaseNote(t *testing.T) {
	path, db := egdbtest.Open(t, 4)
	if err := os.Truncate(path, 100); err != nil {
		t.Fatal(err)
	}
	var errOut strings.Builder
	a := &Analysis{}
	game := movegen.NewGame(position.Start(30), movegen.Rules{})
	if err := a.Run(context.Background(), io.Discard, &errOut, game, Limits{Depth: 2}, Options{Threads: 1, HashMB: 1, DB: db}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(errOut.String(), path+" changed on disk and is no longer used"); n != 1 {
		t.Errorf("stderr says %d times that %s is no longer used, want once:\n%s", n, path, errOut.String())
	}
}
