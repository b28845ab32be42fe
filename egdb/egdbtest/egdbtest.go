// Package egdbtest makes endgame database files for tests: a small
// database written to a test's folder, for the tests that change the file
// under a running engine (a cut file, a fault in its mapping).
package egdbtest

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
)

// File builds the standard rules' layers 0 to max, writes them to
// live.kdb in a folder of t's own and returns its path.
func File(t testing.TB, max int) string {
	t.Helper()
	d, err := egdb.Build(context.Background(), max, movegen.Rules{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "live.kdb")
	if err := d.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// Open is File, with the file opened as the engine opens it (its
// mapping read in place, so that a change to the file reaches it).
func Open(t testing.TB, max int) (string, *egdb.DB) {
	t.Helper()
	path := File(t, max)
	db, err := egdb.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, db
}
