// Tests of tune's input and output: folders of data files, the output
// replaced whole and checked before the fit, and messages for a fit with
// nothing held out or too small a ridge.

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// tuneData writes two small data files into a new folder.
func tuneData(t *testing.T) (dir string, files []string) {
	t.Helper()
	dir = t.TempDir()
	for i, seed := range []string{"1", "2"} {
		f := filepath.Join(dir, "d"+seed+".bin")
		if _, _, err := runCLI(t, "datagen", "--out", f, "--games", "3", "--nodes", "300", "--hash", "1",
			"--concurrency", "1", "--seed", seed); err != nil {
			t.Fatalf("datagen %d: %v", i, err)
		}
		files = append(files, f)
	}
	return dir, files
}

// TestTuneReadsAFolder: --data DIR reads the files in it, as naming them
// does; a folder without a file is refused as such.
func TestTuneReadsAFolder(t *testing.T) {
	dir, files := tuneData(t)
	byFiles, _, err := runCLI(t, "tune", "--data", strings.Join(files, ","), "--holdout", "0")
	if err != nil {
		t.Fatal(err)
	}
	byDir, _, err := runCLI(t, "tune", "--data", dir, "--holdout", "0")
	if err != nil {
		t.Fatalf("tune --data DIR: %v", err)
	}
	first := func(s string) string { return strings.SplitN(s, "\n", 2)[0] }
	if first(byDir) != first(byFiles) || !strings.HasPrefix(byDir, "positions ") {
		t.Fatalf("folder: %q, files: %q", first(byDir), first(byFiles))
	}
	errorSays(t, []string{"tune", "--data", t.TempDir()}, "a folder without a data file")
}

// TestTuneMessages: nothing held out says so instead of a perfect fit.
func TestTuneMessages(t *testing.T) {
	_, files := tuneData(t)
	out, _, err := runCLI(t, "tune", "--data", files[0], "--holdout", "0")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "no held-out position") || strings.Contains(out, "held-out 0.0") {
		t.Fatalf("with --holdout 0: %q", out)
	}
}

// TestTuneOutUnwritable: an --out that cannot be written is refused
// before the fit (as root too: its folder is a regular file).
func TestTuneOutUnwritable(t *testing.T) {
	_, files := tuneData(t)
	out, _, err := runCLI(t, "tune", "--data", files[0], "--out", filepath.Join(files[1], "default.go"))
	if err == nil || !strings.Contains(err.Error(), "--out: cannot write") {
		t.Fatalf("error %v, want --out refused", err)
	}
	if strings.Contains(out, "fit in") {
		t.Fatalf("the fit ran before --out was refused: %q", out)
	}
}

// TestTuneOutFullDisk: on a full filesystem (a 64 KiB tmpfs, where this
// process may mount one) the write fails and the old eval/default.go
// stays whole.
func TestTuneOutFullDisk(t *testing.T) {
	_, files := tuneData(t)
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small tmpfs here (%v: %s); internal/wholefile's tests cover a failing write", err, bytes.TrimSpace(out))
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	// The old file takes one page, a filler the 15 others: the new file
	// (two pages) fits neither beside the old one nor in its place.
	path := filepath.Join(dir, "default.go")
	old := []byte("// old weights\n")
	if err := os.WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "filler"), make([]byte, 60<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := runCLI(t, "tune", "--data", files[0], "--out", path)
	if err == nil || !strings.Contains(err.Error(), "no space left") {
		t.Fatalf("error %v, want no space left", err)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, old) {
		t.Fatalf("the old file is now %d bytes, was %d", len(b), len(old))
	}
	if es, _ := os.ReadDir(dir); len(es) != 2 {
		t.Fatalf("%d files in the folder, want the old one and the filler", len(es))
	}
}
