// Tests of a database file changed under a running engine, and of files
// that are not databases.

package egdb_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
)

// writeDB writes the test layers under r to a new file in dir.
func writeDB(t *testing.T, dir, name string, r movegen.Rules) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := testDB(t, r).WriteFile(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// probeAll probes random positions of d's top layer, as a search thread
// does (SetPanicOnFault once, Recovered deferred), and returns what
// Recovered returned.
func probeAll(t *testing.T, d *egdb.DB) (err error) {
	defer func(old bool) {
		debug.SetPanicOnFault(old)
		err = egdb.Recovered(recover())
	}(debug.SetPanicOnFault(true))
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 2000; k++ {
		p := noNki(t, testgame.RandomPlay(rng, d.Max(), 5))
		d.Probe(&p, d.Rules())
	}
	return nil
}

// A file cut under a mapped database faults where it no longer reaches:
// the fault is an error naming the file, not a crash, and the database
// is dropped (Fresh gives nil, saying why).
func TestCutFileFaultIsAnError(t *testing.T) {
	path := writeDB(t, t.TempDir(), "live.kdb", movegen.Rules{})
	d, err := egdb.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := probeAll(t, d); err != nil {
		t.Fatalf("before the cut: %v", err)
	}
	if err := os.Truncate(path, 100); err != nil {
		t.Fatal(err)
	}
	err = probeAll(t, d)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "changed under the engine") {
		t.Fatalf("after the cut: %v, want a fault naming %s", err, path)
	}
	if !d.Lost() {
		t.Error("the faulted database is not lost")
	}
	if got, note := d.Fresh(movegen.Rules{}); got != nil || !strings.Contains(note, "no longer used") {
		t.Errorf("Fresh after the fault: %v, %q", got, note)
	}
}

// Fresh notices a changed file by its identity: the same file is fresh;
// one rewritten (cp over it) is read again; one cut, or rewritten with a
// database of other rules, is dropped with a note naming the file.
func TestFreshNoticesChange(t *testing.T) {
	dir := t.TempDir()
	path := writeDB(t, dir, "live.kdb", movegen.Rules{})
	other := writeDB(t, dir, "other.kdb", movegen.Rules{FreeFirstLap: true})
	d, err := egdb.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, note := d.Fresh(movegen.Rules{}); got != d || note != "" {
		t.Fatalf("unchanged: %p, %q; want %p", got, note, d)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(2 * time.Second)
	rewrite := func(b []byte) {
		t.Helper()
		if err := os.WriteFile(path, b, 0o644); err != nil { // in place, as cp does
			t.Fatal(err)
		}
		later = later.Add(time.Second)
		os.Chtimes(path, later, later)
	}
	rewrite(data)
	again, note := d.Fresh(movegen.Rules{})
	if again == nil || again == d || !strings.Contains(note, path+" changed on disk: read again") {
		t.Fatalf("rewritten: %p, %q", again, note)
	}
	if got, _ := d.Fresh(movegen.Rules{}); got != again {
		t.Error("a second Fresh of the old database gives another")
	}
	od, err := os.ReadFile(other)
	if err != nil {
		t.Fatal(err)
	}
	rewrite(od)
	if got, note := again.Fresh(movegen.Rules{}); got != nil || !strings.Contains(note, "built for other rules") {
		t.Errorf("rewritten with other rules: %p, %q", got, note)
	}
	path2 := writeDB(t, dir, "cut.kdb", movegen.Rules{})
	d2, err := egdb.Open(path2)
	if err != nil {
		t.Fatal(err)
	}
	os.Truncate(path2, 100)
	if got, note := d2.Fresh(movegen.Rules{}); got != nil || !strings.Contains(note, path2+" changed on disk and is no longer used") {
		t.Errorf("cut: %p, %q", got, note)
	}
}

// What is not a database file is refused at once, naming the path and
// what it is: a folder, a FIFO (which no open waits on), a socket.
func TestNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "f.kdb")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for path, kind := range map[string]string{dir: "a folder", fifo: "a FIFO"} {
		done := make(chan error, 1)
		go func() { _, err := egdb.Open(path); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), path+": it is "+kind) || strings.Contains(err.Error(), "header") {
				t.Errorf("%s: %v", kind, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: Open still waiting after 5 s", kind)
		}
	}
	// A FIFO where the stamp goes is no stamp: the database opens.
	path := writeDB(t, dir, "good.kdb", movegen.Rules{})
	if err := syscall.Mkfifo(egdb.StampPath(path), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := egdb.ReadFileStamped(path); done <- err }()
	select {
	case err := <-done:
		if err != nil {
			t.Error(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a FIFO as the stamp: still waiting after 5 s")
	}
}

// CheckValues and CheckSample stop when their context ends (egdb verify
// on a large file reads every entry first), and CheckSample finds a
// value no position can have in a layer it samples whole.
func TestCheckValuesStops(t *testing.T) {
	d := testDB(t, movegen.Rules{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := d.CheckValues(ctx); err != context.Canceled {
		t.Errorf("CheckValues after cancel: %v", err)
	}
	if err := d.CheckSample(ctx, 1000, 1); err != context.Canceled {
		t.Errorf("CheckSample after cancel: %v", err)
	}
	if err := d.CheckSample(context.Background(), 1000, 1); err != nil {
		t.Errorf("CheckSample of a good database: %v", err)
	}
}
