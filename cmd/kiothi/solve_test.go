// Tests of the solve command run in-process.

package main

import (
	"strings"
	"testing"
)

func TestSolveCommand(t *testing.T) {
	// RULES.md §9: b1 captures H's 4; the board is then empty and North,
	// to move, has no move: 5-0, South's value 5 (match: 1).
	pos := "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3"
	out, errOut, err := runCLI(t, "solve", pos)
	if err != nil || lastLine(out) != "value 5 pv b1" {
		t.Fatalf("out %q err %v", out, err)
	}
	if !strings.Contains(errOut, "bounds [5, 5]") {
		t.Errorf("stderr %q", errOut)
	}
	out, _, err = runCLI(t, "solve", pos, "--table", "simple", "--hash", "1")
	if err != nil || lastLine(out) != "value 5 pv b1" {
		t.Fatalf("simple table: out %q err %v", out, err)
	}
	out, _, err = runCLI(t, "solve", pos, "--objective", "match")
	if err != nil || lastLine(out) != "value 1 pv b1" {
		t.Fatalf("match: out %q err %v", out, err)
	}
	// b1 takes H's single warrior: 2-0, and North, left without
	// warriors, has no move: a win by exactly two, worth the multiplier.
	out, _, err = runCLI(t, "solve", "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.1.0.0 0-0 s 3", "--objective", "match", "--multiplier", "7")
	if err != nil || lastLine(out) != "value 7 pv b1" {
		t.Fatalf("one-warrior: out %q err %v", out, err)
	}
}

func TestSolveCommandErrors(t *testing.T) {
	_, _, err := runCLI(t, "solve", "startpos")
	if err == nil || !strings.Contains(err.Error(), "analyse") {
		t.Errorf("opening: %v", err)
	}
	for _, args := range [][]string{
		{"solve", "1.2 0-0 s 3"},
		{"solve", "startpos", "--objective", "wins"},
		{"solve", "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3", "--objective", "match", "--multiplier", "1"},
		{"solve", "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3", "--threads", "0"},
		{"solve", "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3", "--table", "big"},
		{"solve", "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3", "--hash", "0"},
	} {
		t.Run(caseName(args), func(t *testing.T) {
			if _, _, err := runCLI(t, args...); err == nil {
				t.Errorf("%v accepted", args)
			}
		})
	}
}

func TestSolveCommandTimeLimit(t *testing.T) {
	out, _, err := runCLI(t, "solve", "0.1.5.3.2.0.3.1.0.1/2.0.1.2.0.1.4.0.1.3 13-17 s 15", "--time-limit", "50ms", "--hash", "1")
	if !strings.HasPrefix(lastLine(out), "unsolved: value in [") {
		t.Fatalf("out %q err %v", out, err)
	}
	// Unsolved is not success: exit status 2, with what to change.
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "--time-limit") {
		t.Errorf("unsolved: error %v (exit %d), want exit 2 and a hint naming --time-limit", err, exitCode(err))
	}
}
