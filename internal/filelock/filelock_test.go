package filelock

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// A second lock of one path is refused while the first is held, with an
// error naming the file, and taken once it is released. flock locks are
// per open file, so two opens in one process exclude each other as two
// processes do.
func TestLockExcludes(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no flock here: locks are not taken")
	}
	path := filepath.Join(t.TempDir(), "state")
	a, err := Beside(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Beside(path)
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), path) {
		t.Fatalf("second lock: %v, want ErrLocked naming %s", err, path)
	}
	if err := a.Unlock(); err != nil {
		t.Fatal(err)
	}
	b, err := Beside(path)
	if err != nil {
		t.Fatalf("after unlock: %v", err)
	}
	b.Unlock()
}

// File locks an open file in place; another open of it is refused.
func TestFile(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no flock here")
	}
	path := filepath.Join(t.TempDir(), "games.pgn")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := File(f); err != nil {
		t.Fatal(err)
	}
	if _, err := Lock(path); !errors.Is(err, ErrLocked) {
		t.Fatalf("Lock of a file locked open: %v, want ErrLocked", err)
	}
}

// A path whose folder does not exist is an error naming it, not a panic.
func TestLockMissingFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "such", "state")
	if _, err := Lock(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("got %v", err)
	}
}

// TestLockOtherProcess: a lock held by this test refuses a child process
// (this test binary run again as a locker), and the child gets it once
// the test lets go.
func TestLockOtherProcess(t *testing.T) {
	if path := os.Getenv("FILELOCK_CHILD"); path != "" {
		if _, err := Lock(path); err != nil {
			os.Stdout.WriteString("refused: " + err.Error())
			os.Exit(3)
		}
		os.Exit(0)
	}
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no flock")
	}
	path := filepath.Join(t.TempDir(), "state.lock")
	l, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	child := func() ([]byte, error) {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestLockOtherProcess$")
		cmd.Env = append(os.Environ(), "FILELOCK_CHILD="+path)
		return cmd.Output()
	}
	out, err := child()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 3 || !strings.Contains(string(out), ErrLocked.Error()) {
		t.Errorf("child while locked: %v %s", err, out)
	}
	l.Unlock()
	if out, err := child(); err != nil {
		t.Errorf("child after Unlock: %v %s", err, out)
	}
}
