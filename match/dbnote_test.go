// An engine's endgame database changed under a match: the log says so
// once for that engine, not at every move or game.

package match

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/egdb/egdbtest"
)

// Player 1's database file is cut after its spec opened it: each game's
// fresh engine drops it at its first search (search.Result.Note), and
// the match's log carries that note once, named by the player.
func TestDatabaseChangedNoteOnce(t *testing.T) {
	path := egdbtest.File(t, 4)
	p1, err := ParseSpec("engine:depth=1,egdb=" + path)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := ParseSpec("engine:depth=1")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 100); err != nil {
		t.Fatal(err)
	}
	cfg, err := Options{Players: []Factory{p1, p2}, Games: 4, Concurrency: 2, MaxPlies: 20, MoveTimeout: 10 * time.Second, Multiplier: 2}.Config()
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	watch := NewWatch(&log, cfg.PlannedGames(), false)
	cfg.Progress, cfg.Note = watch.Game, watch.Note
	sum, err := Run(context.Background(), cfg)
	watch.Done()
	if err != nil || sum.Counts.Games() != 4 {
		t.Fatalf("the match: %v, %+v", err, sum)
	}
	want := "kiothi: " + p1.Name + ": the endgame database " + path + " changed on disk and is no longer used"
	if n := strings.Count(log.String(), want); n != 1 {
		t.Errorf("the log has %q %d times, want once:\n%s", want, n, log.String())
	}
	if strings.Contains(log.String(), p2.Name+": the endgame") {
		t.Errorf("a note for player 2, who has no database:\n%s", log.String())
	}
}
