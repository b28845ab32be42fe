// A database file cut under accuracy generate: an error naming the
// file, not a crash.

package accuracy

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
)

// accuracy generate whose --egdb file is cut while it labels positions
// (SIGBUS on the mapping, in the solver's threads) stops with an error
// naming the file.
func TestGenerateDatabaseCut(t *testing.T) {
	d, err := egdb.Build(context.Background(), 8, movegen.Rules{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "live.kdb")
	if err := d.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	f := GenerateFlags{Lo: 9, Hi: 16, N: MaxSetPositions, Seed: 1, HashMB: 16, Out: filepath.Join(dir, "set.txt"), EGDB: path}
	done := make(chan error, 1)
	go func() { done <- f.Run(context.Background(), io.Discard, nil) }()
	time.Sleep(300 * time.Millisecond)
	if err := os.Truncate(path, 100); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "could not be read") {
			t.Errorf("generate with its database cut: %v; want an error that %s could not be read", err, path)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("generate still running 60 s after its database was cut")
	}
}
