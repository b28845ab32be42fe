package book

import (
	"context"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/internal/filelock"
)

// A build whose --out another process is building (it holds FILE.lock)
// is refused before any work, naming the file; once the lock is free the
// build runs.
func TestBuildRefusesALockedBook(t *testing.T) {
	cfg := tinyConfig(t, "locked.kbk")
	held, err := filelock.Beside(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Build(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), cfg.Out+" is in use") {
		t.Fatalf("build of a locked book: %v", err)
	}
	held.Unlock()
	mustBuild(t, cfg)
}
