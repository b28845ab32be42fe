// Tests of datagen's checks and messages: flags refused before any game,
// what the help says, and the report after an error.

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/limits"
)

// TestDatagenRefusals: a negative --workers, local workers whose tables
// exceed this process's memory, and --starts without a play position are
// refused before the output is made.
func TestDatagenRefusals(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.bin")
	starts := filepath.Join(dir, "starts.txt")
	if err := os.WriteFile(starts, []byte("0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	type refusal struct{ flags, want []string }
	cases := []refusal{
		{[]string{"--workers", "-1"}, []string{"--workers -1: must be from 0"}},
		{[]string{"--starts", starts, "--start-share", "1"}, []string{"none of its 1 positions is a play position"}},
	}
	if limits.MemoryMB() > 0 {
		hash := strconv.FormatInt(limits.HashMB.Max, 10)
		cases = append(cases, refusal{[]string{"--workers", "256", "--hash", hash},
			[]string{"--workers 256 × --hash " + hash, "more than 3/4"}},
			refusal{[]string{"--concurrency", "256", "--hash", hash},
				[]string{"--concurrency 256 × --hash " + hash, "more than 3/4"}})
	}
	for _, c := range cases {
		args := append([]string{"datagen", "--out", out, "--games", "1", "--nodes", "100"}, c.flags...)
		want := c.want
		t.Run(caseName(args), func(t *testing.T) {
			errorSays(t, args, want...)
			if _, err := os.Stat(out); err == nil {
				t.Fatal("the output was made")
			}
		})
	}
}

// TestDatagenHelp: the help speaks of datagen, not of a match's SPRT.
func TestDatagenHelp(t *testing.T) {
	out, _, err := runCLI(t, "datagen", "--help")
	if err != nil || !strings.Contains(out, "--queue") || strings.Contains(out, "SPRT") {
		t.Fatalf("datagen --help: %v\n%s", err, out)
	}
}

// TestDatagenErrorNotDone: a run that fails (its disk full: a 16 KiB
// tmpfs, where this process may mount one) says so, not "done".
func TestDatagenErrorNotDone(t *testing.T) {
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small tmpfs here (%v: %s)", err, bytes.TrimSpace(out))
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	out, _, err := runCLI(t, "datagen", "--out", filepath.Join(dir, "d.bin"), "--games", "100", "--nodes", "100",
		"--hash", "1", "--concurrency", "1")
	if err == nil || !strings.Contains(err.Error(), "no space left") {
		t.Fatalf("error %v, want no space left", err)
	}
	if strings.Contains(out, "done") || !strings.Contains(out, "stopped by an error") {
		t.Fatalf("report %q, want it to say the run stopped by an error", out)
	}
}

// TestNegativeWorkersRefused: every command that takes --workers refuses
// a negative count instead of running locally.
func TestNegativeWorkersRefused(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "startpos", "--depth", "3", "--workers", "-1"},
		{"match", "--player1", "random", "--player2", "random", "--games", "2", "--workers", "-1"},
		{"book", "build", "--out", filepath.Join(t.TempDir(), "b.book"), "--workers", "-1"},
	} {
		t.Run(caseName(args), func(t *testing.T) {
			errorSays(t, args, "--workers -1: must be from 0")
		})
	}
}
