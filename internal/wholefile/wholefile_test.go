// Tests of replacing a file whole: a failed write leaves the old file
// and no temporary file; a folder that cannot be written is found first.

package wholefile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// failAfter writes n bytes, then fails.
func failAfter(n int) func(io.Writer) error {
	return func(w io.Writer) error {
		if _, err := w.Write(bytes.Repeat([]byte("x"), n)); err != nil {
			return err
		}
		return errors.New("disk on fire")
	}
}

// entries lists dir's names.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// TestFailedWriteKeepsOld: a write that fails half way leaves the old
// file as it was and nothing else in the folder.
func TestFailedWriteKeepsOld(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "default.go")
	if err := os.WriteFile(path, []byte("package eval\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := Write(path, failAfter(5))
	if err == nil || !strings.Contains(err.Error(), "disk on fire") || !strings.Contains(err.Error(), path) {
		t.Fatalf("error %v, want the writer's, naming the file", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "package eval\n" {
		t.Fatalf("old file now %q", b)
	}
	if names := entries(t, dir); len(names) != 1 {
		t.Fatalf("folder holds %v, want the old file only", names)
	}
	if err := WriteBytes(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if b, _ := os.ReadFile(path); err != nil || string(b) != "new" || fi.Mode().Perm() != 0o644 {
		t.Fatalf("after a good write: %q, mode %v, %v", b, fi.Mode(), err)
	}
}

// TestCheckWritable: a folder that is a file, a missing folder and a
// folder given as the file are refused (as root too: no permission bit
// is involved); a writable place passes and is left empty.
func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(file, "w.go"), filepath.Join(dir, "none", "w.go"), dir} {
		if err := CheckWritable(p); err == nil || !strings.Contains(err.Error(), "cannot write "+p) {
			t.Errorf("%s: %v, want a refusal naming it", p, err)
		}
	}
	if err := CheckWritable(filepath.Join(dir, "w.go")); err != nil {
		t.Fatal(err)
	}
	if names := entries(t, dir); len(names) != 1 {
		t.Fatalf("folder holds %v after the check", names)
	}
}

// A symbolic link, dangling or not, is refused by Write and CheckWritable
// and left as it was (a rename would have replaced the link by a file).
func TestSymlinkRefused(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "report.html")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"link", "dangling"} {
		link := filepath.Join(dir, name)
		to := target
		if name == "dangling" {
			to = filepath.Join(dir, "missing", "x.html")
		}
		if err := os.Symlink(to, link); err != nil {
			t.Skip("no symbolic links here:", err)
		}
		if err := CheckWritable(link); err == nil || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("%s: CheckWritable %v", name, err)
		}
		if err := WriteBytes(link, []byte("new")); err == nil || !strings.Contains(err.Error(), link+": it is a symbolic link") {
			t.Errorf("%s: Write %v", name, err)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s: the link was replaced (%v)", name, err)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "old" {
		t.Errorf("the link's target changed: %q", b)
	}
}
