// Tests of the accuracy command run in-process.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAccuracyCommand(t *testing.T) {
	// RULES.md §9: b1, the only move, captures H's 4 and ends the game.
	set := filepath.Join(t.TempDir(), "set.txt")
	line := "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3 ; b1=5\n"
	if err := os.WriteFile(set, []byte("# a set\n"+line), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := runCLI(t, "accuracy", "--set", set, "--player", "engine:depth=5", "--each")
	if err != nil || !strings.Contains(out, "1 b1 loss 0") || lastLine(out) != "positions 1 best 1 (100.0%) mean loss 0.000 loss>=4 0 (0.0%)" {
		t.Fatalf("out %q err %v", out, err)
	}
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3 ; c1=5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"accuracy"}, "--set"},
		{[]string{"accuracy", "--set", set, "--movetime", "0"}, "--movetime"},
		{[]string{"accuracy", "--set", set, "--player", "engine:depth=x"}, "--player"},
		{[]string{"accuracy", "--set", filepath.Join(t.TempDir(), "none.txt")}, "--set"},
		{[]string{"accuracy", "--set", bad}, "line 1"},
	} {
		t.Run(caseName(c.args), func(t *testing.T) {
			_, _, err := runCLI(t, c.args...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one naming %q", err, c.want)
			}
		})
	}
}

// TestAccuracyGenerateCommand: the set it writes is one the accuracy
// command reads, with a progress line on stderr; bad flags are refused
// before any work.
func TestAccuracyGenerateCommand(t *testing.T) {
	set := filepath.Join(t.TempDir(), "gen.txt")
	out, errOut, err := runCLI(t, "accuracy", "generate", "--lo", "8", "--hi", "12", "--n", "2", "--seed", "5", "--hash", "1", "--out", set)
	if err != nil || !strings.Contains(out, "gen.txt: 2 positions") || !strings.Contains(errOut, "kept 2/2") {
		t.Fatalf("out %q stderr %q err %v", out, errOut, err)
	}
	out, _, err = runCLI(t, "accuracy", "--set", set, "--player", "engine:depth=20")
	if err != nil || !strings.HasPrefix(lastLine(out), "positions 2 best 2 (100.0%)") {
		t.Fatalf("measuring the generated set: %q %v", out, err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"accuracy", "generate"}, "--out"},
		{[]string{"accuracy", "generate", "--out", set, "--n", "0"}, "--n"},
		{[]string{"accuracy", "generate", "--out", set, "--nodes", "-1"}, "--nodes"},
		{[]string{"accuracy", "generate", "--out", set, "--hash", "0"}, "--hash"},
		{[]string{"accuracy", "generate", "--out", set, "--lo", "30", "--hi", "20"}, "30 to 20"},
		{[]string{"accuracy", "generate", "--out", t.TempDir()}, "--out"},
	} {
		t.Run(caseName(c.args), func(t *testing.T) {
			_, _, err := runCLI(t, c.args...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one naming %q", err, c.want)
			}
		})
	}
}
