// Tests of files that are not what they seem, given to the commands: a
// folder, a FIFO, a device node, a database of other rules.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kiothi/kiothi/egdb"
)

// promptly runs the command line and fails the test when it has not
// returned within a few seconds (an open waiting on a FIFO would hang).
func promptly(t *testing.T, in string, args ...string) (string, string, error) {
	t.Helper()
	type result struct {
		out, errOut string
		err         error
	}
	done := make(chan result, 1)
	go func() {
		out, errOut, err := runCmdIn(t, in, args...)
		done <- result{out, errOut, err}
	}()
	select {
	case r := <-done:
		return r.out, r.errOut, r.err
	case <-time.After(10 * time.Second):
		t.Fatalf("%v: still running after 10 s", args)
		return "", "", nil
	}
}

// Every command that reads a database refuses a folder and a FIFO at
// once, naming the path and what it is (not "the header is cut short");
// a FIFO or a folder where a database's stamp goes is no stamp.
func TestDatabaseNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "f.kdb")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	pos := "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3"
	for _, c := range []struct {
		path, kind string
	}{{dir, "a folder"}, {fifo, "a FIFO (named pipe)"}} {
		for _, args := range [][]string{
			{"solve", pos, "--egdb", c.path},
			{"analyse", pos, "--depth", "2", "--egdb", c.path},
			{"egdb", "verify", c.path, "--positions", "1"},
			{"egdb", "info", c.path},
			{"egdb", "build", "--max", "3", "--from", c.path, "--out", filepath.Join(dir, "x.kdb")},
			{"serve", "--addr", "127.0.0.1:0", "--egdb", c.path},
		} {
			t.Run(caseName(args), func(t *testing.T) {
				_, _, err := promptly(t, "", args...)
				if err == nil || !strings.Contains(err.Error(), c.path+": it is "+c.kind) || strings.Contains(err.Error(), "header") {
					t.Errorf("error %v, want one saying %s is %s", err, c.path, c.kind)
				}
			})
		}
	}
	good := filepath.Join(dir, "good.kdb")
	if _, _, err := runCLI(t, "egdb", "build", "--max", "3", "--out", good); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(egdb.StampPath(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _, err := promptly(t, "", "solve", pos, "--egdb", good); err != nil || !strings.HasPrefix(lastLine(out), "value ") {
		t.Errorf("a FIFO as the stamp: %v\n%s", err, out)
	}
}

// A FIFO named kiothi.egdb beside the program: ugi still answers ugiok
// (and says the file is not used), and solve's default (auto) says what
// it is.
func TestAutoDatabaseFIFO(t *testing.T) {
	path, there := egdb.AutoPath()
	if there {
		t.Skipf("%s is there already", path)
	}
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("cannot make a FIFO beside the test binary:", err)
	}
	defer os.Remove(path)
	out, _, err := promptly(t, "ugi\nisready\nquit\n", "ugi")
	if err != nil || !strings.Contains(out, "ugiok\n") || !strings.Contains(out, "readyok\n") || !strings.Contains(out, path+": it is a FIFO") {
		t.Errorf("ugi: %v\n%s", err, out)
	}
}

// A whole-file write refuses a device node (made here, with the numbers
// of /dev/null) and leaves it a device: egdb build --out, match --report
// and annotate --out among them.
func TestWriteRefusesDevice(t *testing.T) {
	dir := t.TempDir()
	dev := filepath.Join(dir, "null")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("mknod is not allowed here (%v)", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, node := range []string{dev, fifo} {
		for _, args := range [][]string{
			{"egdb", "build", "--max", "3", "--out", node},
			{"match", "--player1", "random", "--player2", "greedy", "--games", "2", "--report", node},
		} {
			t.Run(caseName(args), func(t *testing.T) {
				_, _, err := promptly(t, "", args...)
				if err == nil || !strings.Contains(err.Error(), "cannot write "+node) {
					t.Errorf("error %v, want a refusal to write %s", err, node)
				}
				fi, err := os.Lstat(node)
				if err != nil || fi.Mode().IsRegular() {
					t.Fatalf("%s is now a regular file (%v)", node, err)
				}
			})
		}
	}
}

// A database built for the free-first-lap rules is refused, naming it,
// on every face that is given it by name under the standard rules: as
// solve refuses it, so do analyse, serve, ugi's EGDBFile and a match
// engine's egdb= setting.
func TestDatabaseOfOtherRules(t *testing.T) {
	free := filepath.Join(t.TempDir(), "free.kdb")
	if _, _, err := runCLI(t, "--free-first-lap", "egdb", "build", "--max", "3", "--out", free); err != nil {
		t.Fatal(err)
	}
	pos := "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3"
	want := free + ": built for other rules"
	for _, args := range [][]string{
		{"solve", pos, "--egdb", free},
		{"analyse", pos, "--depth", "2", "--egdb", free},
		{"serve", "--addr", "127.0.0.1:0", "--egdb", free},
		{"match", "--player1", "engine:depth=1,egdb=" + free, "--player2", "greedy", "--games", "2"},
	} {
		t.Run(caseName(args), func(t *testing.T) {
			if _, _, err := promptly(t, "", args...); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("error %v, want one saying %q", err, want)
			}
		})
	}
	out, _, err := promptly(t, "ugi\nsetoption name EGDBFile value "+free+"\nisready\nquit\n", "ugi")
	if err != nil || !strings.Contains(out, "info string error: EGDBFile: "+want) {
		t.Errorf("ugi: %v\n%s", err, out)
	}
	// Under the rules it was built for, it serves.
	if out, _, err := runCLI(t, "--free-first-lap", "analyse", pos, "--depth", "2", "--egdb", free); err != nil || !strings.HasPrefix(lastLine(out), "bestmove ") {
		t.Errorf("analyse under its rules: %v\n%s", err, out)
	}
}
