// Tests of kiothi solve --moves run in-process: the lines, the JSON, the
// match objective, the time limit and the opening's refusal.

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/solve"
)

func TestSolveMovesCommand(t *testing.T) {
	pos := "1.0.1.3.0.0.0.1.1.3/1.4.2.1.0.0.3.2.1.1 27-8 n 28"
	out, _, err := runCLI(t, "solve", pos, "--moves")
	if err != nil {
		t.Fatalf("out %q err %v", out, err)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	// The accuracy set's values for this position (testdata/accuracy-20-26.txt).
	want := []string{"move B3 value -16", "move D1 value -16", "move J1 value -16", "move B4 value -18", "move C2 value -20"}
	if len(lines) != len(want)+1 || strings.Join(lines[:len(want)], "\n") != strings.Join(want, "\n") || !strings.HasPrefix(lines[len(want)], "value -16 pv B3 ") {
		t.Fatalf("out %q", out)
	}
	out, _, err = runCLI(t, "solve", pos, "--moves", "--json")
	var rep solve.MovesReport
	if err != nil || json.Unmarshal([]byte(out), &rep) != nil {
		t.Fatalf("json: out %q err %v", out, err)
	}
	if !rep.Proven || rep.Value == nil || *rep.Value != -16 || len(rep.Moves) != 5 {
		t.Fatalf("json: %+v", rep)
	}
	for i, m := range rep.Moves {
		if got := fmt.Sprintf("move %s value %d", m.Move, *m.Value); got != want[i] || !m.Proven || m.Source != "search" {
			t.Errorf("json move %d: %+v, want %s", i, m, want[i])
		}
	}
	// Only bounds on the worse moves: B4 (-18) and C2 (-20) are worse
	// than -16, at most a bound they keep.
	out, _, err = runCLI(t, "solve", pos, "--moves", "--worse-bound")
	lines = strings.Split(strings.TrimRight(out, "\n"), "\n")
	if err != nil || len(lines) != 6 || strings.Join(lines[:3], "\n") != strings.Join(want[:3], "\n") || !strings.HasPrefix(lines[5], "value -16 pv B3 ") {
		t.Fatalf("worse-bound: out %q err %v", out, err)
	}
	for i, exact := range []int{-18, -20} {
		var m string
		var hi int
		if _, err := fmt.Sscanf(lines[3+i], "move %s worse: at most %d", &m, &hi); err != nil || hi >= -16 || hi < exact {
			t.Errorf("worse-bound: %q (%v), want a bound from %d to -17", lines[3+i], err, exact)
		}
	}
	// Match points: -16 is a loss, -1 each.
	out, _, err = runCLI(t, "solve", pos, "--moves", "--objective", "match")
	if err != nil || !strings.HasPrefix(out, "move B3 value -1\n") || !strings.Contains(out, "move C2 value -1\n") {
		t.Fatalf("match: out %q err %v", out, err)
	}
	// North has no legal move: South takes the 4 left (RULES.md §6), 9-0,
	// -9 from North's view, and no moves.
	out, _, err = runCLI(t, "solve", "0.0.0.0.0.0.0.4.0.0/0.0.0.0.0.0.0.0.0.0 5-0 n 4", "--moves", "--json")
	if err != nil || json.Unmarshal([]byte(out), &rep) != nil || !rep.Proven || *rep.Value != -9 || len(rep.Moves) != 0 {
		t.Fatalf("over: out %q err %v", out, err)
	}
}

func TestSolveMovesCommandLimits(t *testing.T) {
	out, _, err := runCLI(t, "solve", "0.1.5.3.2.0.3.1.0.1/2.0.1.2.0.1.4.0.1.3 13-17 s 15", "--moves", "--time-limit", "50ms", "--hash", "1")
	if !strings.Contains(out, " unsolved [") || !strings.HasPrefix(lastLine(out), "unsolved: value in [") {
		t.Fatalf("out %q err %v", out, err)
	}
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "--time-limit") {
		t.Errorf("unsolved: error %v (exit %d), want exit 2", err, exitCode(err))
	}
	_, _, err = runCLI(t, "solve", "startpos", "--moves")
	if err == nil || !strings.Contains(err.Error(), "opening") {
		t.Errorf("opening: %v", err)
	}
	_, _, err = runCLI(t, "solve", "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3", "--json")
	if err == nil || !strings.Contains(err.Error(), "--moves") {
		t.Errorf("--json without --moves: %v", err)
	}
}
