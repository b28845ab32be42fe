// Tests of whole-file replacement: the content, no temporary file left,
// and the checks before the work.

package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	for _, s := range []string{"first, longer content\n", "second\n"} {
		if err := WriteFile(path, []byte(s)); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(path); string(b) != s {
			t.Errorf("content %q, want %q", b, s)
		}
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%d files left in the folder", len(es))
	}
	if err := WriteFile(filepath.Join(dir, "missing", "f.txt"), []byte("x")); err == nil {
		t.Error("write into a missing folder succeeded")
	}
	if b, _ := os.ReadFile(path); string(b) != "second\n" {
		t.Errorf("the old file changed: %q", b)
	}
}

func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	if err := CheckWritable(filepath.Join(dir, "new.txt")); err != nil {
		t.Error(err)
	}
	if err := CheckWritable(dir); err == nil || !strings.Contains(err.Error(), "it is a folder") {
		t.Errorf("folder: %v", err)
	}
	if err := CheckWritable(filepath.Join(dir, "no", "f")); err == nil || !strings.Contains(err.Error(), "cannot write") {
		t.Errorf("missing folder: %v", err)
	}
	if es, _ := os.ReadDir(dir); len(es) != 0 {
		t.Errorf("%d files left behind", len(es))
	}
}
