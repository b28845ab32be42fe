package match

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kiothi/kiothi/internal/filelock"
)

// The games file of a match is locked before it is emptied: a second
// match on it is refused and leaves the first one's games; --resume
// continues it at its end.
func TestOpenOutLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.txt")
	first, err := openOut(path, false)
	if err != nil {
		t.Fatal(err)
	}
	first.WriteString("game 1\n")
	if _, err := openOut(path, false); !errors.Is(err, filelock.ErrLocked) {
		t.Fatalf("second writer: %v, want ErrLocked", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "game 1\n" {
		t.Fatalf("the refused writer cut the file: %q", b)
	}
	first.Close()
	again, err := openOut(path, true)
	if err != nil {
		t.Fatal(err)
	}
	again.WriteString("game 2\n")
	again.Close()
	if b, _ := os.ReadFile(path); string(b) != "game 1\ngame 2\n" {
		t.Fatalf("resumed file %q", b)
	}
	fresh, err := openOut(path, false)
	if err != nil {
		t.Fatal(err)
	}
	fresh.Close()
	if b, _ := os.ReadFile(path); len(b) != 0 {
		t.Fatalf("a new match kept %q", b)
	}
}
