// Tests of state files that are not what they seem, refused on --resume
// before the first game.

package match

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// openStateWithin runs OpenState(path, true, cfg) and fails the test when
// it has not returned within a few seconds.
func openStateWithin(t *testing.T, path string, cfg *Config) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		st, _, err := OpenState(path, true, cfg)
		if err == nil {
			st.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatalf("OpenState(%s): still running after 10 s", path)
		return nil
	}
}

// On --resume, OpenState refuses, before any game is played: a symbolic
// link to a good state (which the first save would refuse, losing that
// game), a FIFO, a device (a node made here with /dev/zero's numbers,
// where mknod is allowed), and a file larger than a state can be (a
// sparse gigabyte, refused by its size before a byte is read).
func TestResumeStateNodes(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.state")
	cfg := resumeConfig(t)
	st, _, err := OpenState(good, false, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if err := openStateWithin(t, good, &cfg); err != nil {
		t.Fatalf("the good state: %v", err)
	}
	link := filepath.Join(dir, "link.state")
	if err := os.Symlink(good, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.state")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.state")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(1 << 30)
	f.Close()
	cases := map[string]string{link: "symbolic link", fifo: "FIFO", big: "1073741824 bytes, more than"}
	zero := filepath.Join(dir, "zero.state")
	if err := syscall.Mknod(zero, syscall.S_IFCHR|0o666, 1<<8|5); err != nil {
		t.Logf("no device case: mknod is not allowed here (%v)", err)
	} else {
		cases[zero] = "character device"
	}
	for path, want := range cases {
		t.Run(filepath.Base(path), func(t *testing.T) {
			if err := openStateWithin(t, path, &cfg); err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), want) {
				t.Errorf("error %v, want one naming %s and saying %q", err, path, want)
			}
		})
	}
}
