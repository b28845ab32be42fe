// A database file cut during a solve: an error, not a crash.

package solve

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

// A solve on two threads whose database file is cut under it faults in
// a probe: Solve returns an error naming the file (the process lives),
// and the database is dropped.
func TestDatabaseCutDuringSolve(t *testing.T) {
	path, db := egdbtest.Open(t, 6)
	root := testgame.RandomPlay(rand.New(rand.NewPCG(9, 9)), 24, 5)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	go func() {
		time.Sleep(100 * time.Millisecond)
		os.Truncate(path, 100)
	}()
	res, err := Solve(ctx, root, Options{Threads: 2, HashMB: 16, DB: db})
	if res.Exact {
		t.Skip("solved before the cut")
	}
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "no longer used") || !db.Lost() {
		t.Errorf("Solve after the cut: %+v, %v; want an error naming %s", res, err, path)
	}
}
