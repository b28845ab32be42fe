// The server's engines say once on its log that the database was cut.

package serve

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/egdb/egdbtest"
	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/search"
)

// Two of the server's engines share a database whose file is cut
// between searches: each searches on without it, and the log says so
// once.
func TestDatabaseCutNotedOnce(t *testing.T) {
	path := egdbtest.File(t, 5)
	db, err := egdb.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	build := notingEngines(&log)
	root := testgame.RandomPlay(rand.New(rand.NewPCG(1, 1)), 9, 5)
	var engines []Searcher
	for range 2 {
		e, err := build(search.Options{HashMB: 1, DB: db})
		if err != nil {
			t.Fatal(err)
		}
		engines = append(engines, e)
		e.Search(context.Background(), root, nil, search.Limits{Depth: 3}, nil)
	}
	if log.Len() != 0 {
		t.Fatalf("before the cut: %q", log.String())
	}
	if err := os.Truncate(path, 100); err != nil {
		t.Fatal(err)
	}
	for _, e := range engines {
		for range 2 {
			if r := e.Search(context.Background(), root, nil, search.Limits{Depth: 3}, nil); !r.HasMove {
				t.Fatal("no move after the cut")
			}
		}
	}
	if got := strings.Count(log.String(), "\n"); got != 1 || !strings.Contains(log.String(), "kiothi: the endgame database "+path+" changed on disk and is no longer used") {
		t.Errorf("log %q: want one line saying the database is no longer used", log.String())
	}
}
