// A database file cut during a search: the fault is caught, the
// database dropped, and the search answers.

package search

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/egdb/egdbtest"
	"github.com/kiothi/kiothi/internal/testgame"
)

// An infinite search on two threads whose database file is cut under it
// faults in a thread's probe (SIGBUS on the mapping): the search does
// not crash, drops the database, says so in Result.Note, and gives a
// move; the next search is quiet.
func TestDatabaseFaultDuringSearch(t *testing.T) {
	path, db := egdbtest.Open(t, 6)
	e, err := NewEngine(Options{Threads: 2, HashMB: 16, DB: db})
	if err != nil {
		t.Fatal(err)
	}
	root := testgame.RandomPlay(rand.New(rand.NewPCG(7, 8)), 20, 5)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan Result, 1)
	go func() { done <- e.Search(ctx, root, nil, Limits{Infinite: true}, nil) }()
	time.Sleep(100 * time.Millisecond)
	if err := os.Truncate(path, 100); err != nil {
		t.Fatal(err)
	}
	for end := time.Now().Add(10 * time.Second); !db.Lost() && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	faulted := db.Lost()
	cancel()
	r := <-done
	if !faulted {
		t.Fatal("no probe faulted in 10 s after the cut")
	}
	if !strings.Contains(r.Note, path) || !strings.Contains(r.Note, "no longer used") || !r.HasMove {
		t.Errorf("result %+v: want a move and a note that %s is no longer used", r, path)
	}
	if e.Options().DB != nil {
		t.Error("the engine keeps the faulted database")
	}
	r = e.Search(context.Background(), root, nil, Limits{Depth: 4}, nil)
	if r.Note != "" || !r.HasMove {
		t.Errorf("the next search: %+v", r)
	}
}
