// Tests of the checked mark: the checksum is skipped only for the very
// version of the file a passed check stamped.

package egdb_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
)

// flipMiddle flips one bit in the middle of the file path, in place (the
// file keeps its inode; its ctime moves).
func flipMiddle(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	var b [1]byte
	if _, err := f.ReadAt(b[:], fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	b[0] ^= 1
	if _, err := f.WriteAt(b[:], fi.Size()/2); err != nil {
		t.Fatal(err)
	}
}

func TestStamp(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("files are stamped on Linux only")
	}
	d := testDB(t, movegen.Rules{})
	dir := t.TempDir()
	path := filepath.Join(dir, "eg.kdb")
	if err := d.WriteFile(path); err != nil {
		t.Fatal(err)
	}

	// A file changed within the margin before its check gets no stamp.
	defer egdb.SetStampMargin(time.Hour)()
	if _, err := egdb.ReadFileStamped(path); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(egdb.StampPath(path)); !os.IsNotExist(err) {
		t.Fatalf("a file just written was stamped (%v)", err)
	}

	// A passed check stamps the file with its version and checksum.
	egdb.SetStampMargin(0)
	if _, err := egdb.ReadFileStamped(path); err != nil {
		t.Fatal(err)
	}
	line, err := os.ReadFile(egdb.StampPath(path))
	if err != nil {
		t.Fatalf("no stamp after a passed check: %v", err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, ok := egdb.StampLine(fi, binary.LittleEndian.Uint32(data[len(data)-4:]))
	if !ok || string(line) != string(want) {
		t.Fatalf("stamp %q, want %q", line, want)
	}
	if !strings.HasPrefix(string(line), "kiothi egdb format ") || !strings.Contains(string(line), " ctime ") {
		t.Errorf("stamp %q does not name the format and the file's ctime", line)
	}

	// Damage written to the file gives it a new version: checked, refused.
	flipMiddle(t, path)
	if _, err := egdb.ReadFileStamped(path); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Fatalf("a damaged stamped file: %v, want a checksum error", err)
	}

	// The stamp is what skips the check: one written by hand for the
	// damaged version is believed by the stamped read, not by ReadFile.
	fi, err = os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	forged, _ := egdb.StampLine(fi, binary.LittleEndian.Uint32(data[len(data)-4:]))
	if err := os.WriteFile(egdb.StampPath(path), forged, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := egdb.ReadFileStamped(path); err != nil {
		t.Fatalf("the stamped read checked a file its stamp vouches for: %v", err)
	}
	if _, err := egdb.ReadFile(path); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Fatalf("ReadFile of a damaged file: %v, want a checksum error", err)
	}

	// Touching the file (a new ctime) or another file's stamp: checked.
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, old, fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if _, err := egdb.ReadFileStamped(path); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Fatalf("a touched file: %v, want a checksum error", err)
	}
	other := filepath.Join(dir, "other.kdb")
	if err := os.WriteFile(other, data, 0o644); err != nil {
		t.Fatal(err)
	}
	flipMiddle(t, other)
	if err := os.WriteFile(egdb.StampPath(other), forged, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := egdb.ReadFileStamped(other); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Fatalf("a file with another file's stamp: %v, want a checksum error", err)
	}
}
