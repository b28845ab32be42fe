// A database file cut under a command that reads it: an error naming
// the file, not a crash.

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
)

// writeDB builds the layers 0..max and writes them to a file in a test
// folder.
func writeDB(t *testing.T, max int) string {
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

// egdb verify whose file is cut while it compares positions with the
// solver (SIGBUS on the mapping) stops with an error naming the file.
func TestEgdbVerifyFileCut(t *testing.T) {
	path := writeDB(t, 8)
	done := make(chan error, 1)
	go func() {
		_, _, err := runCLI(t, "egdb", "verify", path, "--positions", "1000000")
		done <- err
	}()
	time.Sleep(300 * time.Millisecond)
	if err := os.Truncate(path, 100); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "could not be read") {
			t.Errorf("verify of a file cut under it: %v; want an error that %s could not be read", err, path)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("verify still running 60 s after its file was cut")
	}
}
