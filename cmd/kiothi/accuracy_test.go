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
