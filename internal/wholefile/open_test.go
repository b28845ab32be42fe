// Tests of the file types the engine refuses: each kind of node, read and
// written, made in the test's own folder.

package wholefile

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// nodes makes one node of each kind in dir and returns their paths by
// the Kind that names them (the device is skipped, with why, where mknod
// is not allowed).
func nodes(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	reg := filepath.Join(dir, "regular")
	if err := os.WriteFile(reg, []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	m["a regular file"] = reg
	sub := filepath.Join(dir, "folder")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	m["a folder"] = sub
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	m["a FIFO (named pipe)"] = fifo
	// The device numbers of /dev/null (1, 3): a node that would do harm
	// if written, made here, never the real one.
	dev := filepath.Join(dir, "null")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Logf("no character device: mknod is not allowed here (%v)", err)
	} else {
		m["a character device"] = dev
	}
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	m["a socket"] = sock
	return m
}

// within fails the test when f takes over a few seconds (an open that
// waits on a FIFO would hang).
func within(t *testing.T, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		t.Fatalf("%s: still waiting after 5 s", what)
		return nil
	}
}

// Open, ReadFile and OpenWrite take a regular file (and a link to one)
// and refuse every other kind at once, naming the path and its kind;
// Write and CheckWritable refuse every kind but a regular file, the link
// included, and leave the node as it was.
func TestNodeKinds(t *testing.T) {
	dir := t.TempDir()
	m := nodes(t, dir)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(m["a regular file"], link); err != nil {
		t.Fatal(err)
	}
	for kind, path := range m {
		t.Run(kind, func(t *testing.T) {
			before, _ := os.Lstat(path)
			regular := kind == "a regular file"
			err := within(t, "Open", func() error {
				f, err := Open(path)
				if err == nil {
					f.Close()
				}
				return err
			})
			if regular != (err == nil) {
				t.Errorf("Open: %v", err)
			}
			if !regular && (err == nil || !strings.Contains(err.Error(), path+": it is "+kind)) {
				t.Errorf("Open: %v, want %q", err, path+": it is "+kind)
			}
			err = within(t, "ReadFile", func() error { _, err := ReadFile(path, 100, "a test file"); return err })
			if regular != (err == nil) {
				t.Errorf("ReadFile: %v", err)
			}
			err = within(t, "OpenWrite", func() error {
				f, err := OpenWrite(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
				if err == nil {
					f.Close()
				}
				return err
			})
			if regular != (err == nil) {
				t.Errorf("OpenWrite: %v", err)
			}
			if err := CheckRegular(path); regular != (err == nil) {
				t.Errorf("CheckRegular: %v", err)
			}
			if regular {
				return
			}
			if err := CheckWritable(path); err == nil || !strings.Contains(err.Error(), "cannot write "+path) {
				t.Errorf("CheckWritable: %v", err)
			}
			if err := within(t, "Write", func() error { return WriteBytes(path, []byte("x")) }); err == nil {
				t.Errorf("Write replaced %s", kind)
			}
			after, err := os.Lstat(path)
			if err != nil || after.Mode().Type() != before.Mode().Type() {
				t.Errorf("%s is now %v (%v)", kind, after.Mode(), err)
			}
		})
	}
	t.Run("link", func(t *testing.T) {
		if b, err := ReadFile(link, 100, "a test file"); err != nil || string(b) != "data" {
			t.Errorf("ReadFile through a link: %q, %v", b, err)
		}
		if err := WriteBytes(link, []byte("x")); err == nil {
			t.Error("Write replaced a symbolic link")
		}
	})
}

// ReadFile refuses a file over its bound before reading it, naming the
// path, its size and the bound.
func TestReadBound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil { // sparse: no disk taken
		t.Fatal(err)
	}
	f.Close()
	_, err = ReadFile(path, 1000, "a test file")
	if err == nil || !strings.Contains(err.Error(), path+": 1073741824 bytes, more than the 1000 a test file can hold") {
		t.Errorf("got %v", err)
	}
	small := filepath.Join(t.TempDir(), "small")
	if err := os.WriteFile(small, make([]byte, 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(small, 1000, "a test file"); err != nil || len(b) != 1000 {
		t.Errorf("at the bound: %d bytes, %v", len(b), err)
	}
	if _, err := ReadFile(small, 999, "a test file"); err == nil {
		t.Error("one byte over the bound: read")
	}
}
