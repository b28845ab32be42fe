// Tests of the lock: a second holder is refused with the file named, and
// the lock is free again after Unlock; a second process is refused too.

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

func TestLockHeld(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no flock")
	}
	path := filepath.Join(t.TempDir(), "state.lock")
	l, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	// flock locks belong to the open file, so a second open in this
	// process is refused as another process would be.
	_, err = Lock(path)
	if !errors.Is(err, ErrHeld) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "another process holds it") {
		t.Fatalf("second lock: %v", err)
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
	if err := l.Unlock(); err != nil {
		t.Errorf("second Unlock: %v", err)
	}
	l2, err := Lock(path)
	if err != nil {
		t.Fatalf("after Unlock: %v", err)
	}
	l2.Unlock()
	if _, err := Lock(filepath.Join(t.TempDir(), "no", "such", "dir")); err == nil || !strings.Contains(err.Error(), "no such") {
		t.Errorf("lock in a missing folder: %v", err)
	}
}

// TestLockOtherProcess: a lock held by this test refuses a child process
// (this test binary run again as a locker).
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
	cmd := exec.Command(os.Args[0], "-test.run", "^TestLockOtherProcess$")
	cmd.Env = append(os.Environ(), "FILELOCK_CHILD="+path)
	out, err := cmd.Output()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 3 || !strings.Contains(string(out), "another process holds it") {
		t.Errorf("child while locked: %v %s", err, out)
	}
	l.Unlock()
	cmd = exec.Command(os.Args[0], "-test.run", "^TestLockOtherProcess$")
	cmd.Env = append(os.Environ(), "FILELOCK_CHILD="+path)
	if out, err := cmd.Output(); err != nil {
		t.Errorf("child after Unlock: %v %s", err, out)
	}
}
