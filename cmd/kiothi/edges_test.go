// In-process tests of the command line's edges (issue 10): one time
// convention, one table of limits, memory and output checked before the
// work, usage on bad arguments, and the messages of probe, solve and
// analyse at their edges.

package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/limits"
)

// errorSays runs a command line and checks it fails with an error that
// contains every one of want.
func errorSays(t *testing.T, args []string, want ...string) {
	t.Helper()
	_, _, err := runCLI(t, args...)
	if err == nil {
		t.Errorf("%v: accepted", args)
		return
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%v: error %q, want it to say %q", args, err, w)
		}
	}
}

// TestTimesInBothForms: every time flag takes a plain number of
// milliseconds and a Go duration alike.
func TestTimesInBothForms(t *testing.T) {
	const pos = "0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36"
	for _, mt := range []string{"30", "30ms"} {
		t.Run(mt, func(t *testing.T) {
			out, _, err := runCLI(t, "analyse", pos, "--movetime", mt)
			if err != nil || !strings.HasPrefix(lastLine(out), "bestmove ") {
				t.Errorf("analyse --movetime %s: %v %q", mt, err, lastLine(out))
			}
			out, _, err = runCLI(t, "solve", "0.1.5.3.2.0.3.1.0.1/2.0.1.2.0.1.4.0.1.3 13-17 s 15", "--time-limit", mt, "--hash", "1")
			if !strings.HasPrefix(lastLine(out), "unsolved") && !strings.HasPrefix(lastLine(out), "value") {
				t.Errorf("solve --time-limit %s: %v %q", mt, err, out)
			}
		})
	}
	// Parsed alike by every command that has a time flag.
	for _, args := range [][]string{
		{"play", "--movetime", "x"}, {"serve", "--grace", "x"}, {"serve", "--movetime", "x"},
		{"serve", "--max-movetime", "x"}, {"match", "--movetime", "x"}, {"match", "--move-timeout", "x"},
		{"book", "build", "--movetime", "x"}, {"book", "build", "--checkpoint", "x"},
	} {
		t.Run(caseName(args), func(t *testing.T) {
			errorSays(t, args, "want milliseconds (100) or a duration")
		})
	}
}

// TestLimitsOneTable: every command refuses what the table refuses, with
// the flag and its range; "no limit" is leaving a flag out.
func TestLimitsOneTable(t *testing.T) {
	threads := "--threads 100000: must be from 1 to 256"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"analyse", "startpos", "--depth", "0"}, "--depth 0: must be from 1 to 100"},
		{[]string{"analyse", "startpos", "--depth", "-1"}, "--depth -1: must be from 1 to 100"},
		{[]string{"analyse", "startpos", "--movetime", "0"}, "--movetime 0s: must be from 1 to 86400000 ms"},
		{[]string{"analyse", "startpos", "--nodes", "0"}, "--nodes 0: must be from 1"},
		{[]string{"analyse", "startpos", "--threads", "100000"}, threads},
		{[]string{"bench", "--threads", "100000"}, threads},
		{[]string{"solve", "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3", "--threads", "100000"}, threads},
		{[]string{"perft", "startpos", "--depth", "1", "--threads", "100000"}, threads},
		{[]string{"book", "build", "--out", filepath.Join(t.TempDir(), "b.kbk"), "--threads", "100000"}, threads},
		{[]string{"play", "--depth", "500"}, "--depth 500: must be from 1 to 100"},
		{[]string{"serve", "--max-searches", "100000"}, "--max-searches 100000: must be from 1 to 256"},
		{[]string{"serve", "--hash", "100000000"}, "--hash 100000000: must be from 1 to 65536 MB"},
		{[]string{"match", "--player1", "engine:hash=1048576", "--player2", "random"}, "setting hash 1048576: must be from 1 to 65536 MB"},
		{[]string{"match", "--player1", "engine:threads=1024", "--player2", "random"}, "setting threads 1024: must be from 1 to 256"},
		{[]string{"match", "--player1", "engine:depth=1000", "--player2", "random"}, "setting depth 1000: must be from 1 to 100"},
		{[]string{"match", "--player1", "random", "--player2", "random", "--concurrency", "100000"}, "--concurrency 100000: must be from 1 to 256"},
		{[]string{"match", "--player1", "random", "--player2", "random", "--sprt", "0,1e308,0.05,0.05"}, "elo1 1e+308: must be from -1000 to 1000"},
	} {
		t.Run(caseName(c.args), func(t *testing.T) {
			errorSays(t, c.args, c.want)
		})
	}
}

// TestMemoryCheckedFirst: threads × hash beyond this process's memory is
// refused before anything is allocated.
func TestMemoryCheckedFirst(t *testing.T) {
	total := limits.MemoryMB()
	if total == 0 || total > 256*uint64(limits.HashMB.Max)/2 {
		t.Skipf("memory %d MB: unknown, or too large to exceed", total)
	}
	hash := "65536"
	for _, args := range [][]string{
		{"book", "build", "--out", filepath.Join(t.TempDir(), "b.kbk"), "--threads", "256", "--hash", hash},
		{"serve", "--max-searches", "256", "--hash", hash},
		{"match", "--player1", "engine:hash=" + hash, "--player2", "engine:hash=" + hash, "--concurrency", "256"},
	} {
		t.Run(caseName(args), func(t *testing.T) {
			errorSays(t, args, "of memory this process may use")
		})
	}
}

// TestBookBuildOutChecked: an --out in a folder that does not exist is
// refused before the build starts (a build that would take minutes).
func TestBookBuildOutChecked(t *testing.T) {
	out := filepath.Join(t.TempDir(), "missing", "b.kbk")
	start := time.Now()
	errorSays(t, []string{"book", "build", "--out", out, "--depth", "8", "--positions", "100000"}, "cannot write", out)
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("refused after %v: the build ran first", el)
	}
	errorSays(t, []string{"book", "build", "--out", t.TempDir()}, "it is a folder")
	errorSays(t, []string{"book", "merge", "../../testdata/book.kbk", "--out", out}, "cannot write")
}

// TestPerftThreadsDefault: the default is the CPUs this process may use
// (GOMAXPROCS), not the host's core count.
func TestPerftThreadsDefault(t *testing.T) {
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	for _, name := range []string{"perft", "book"} {
		t.Run(name, func(t *testing.T) {
			root := newRootCmd(strings.NewReader(""), &strings.Builder{}, &strings.Builder{})
			c, _, err := root.Find([]string{name})
			if name == "book" {
				c, _, err = root.Find([]string{"book", "build"})
			}
			if err != nil {
				t.Fatal(err)
			}
			if d := c.Flags().Lookup("threads").DefValue; d != "1" {
				t.Errorf("%s --threads default %s with GOMAXPROCS 1", c.CommandPath(), d)
			}
		})
	}
}

// TestArgumentErrors: missing arguments show the usage; an argument that
// starts with '-' gets a hint; position errors are said once, offer
// startpos, show whole characters and name an empty or signed count.
func TestArgumentErrors(t *testing.T) {
	errorSays(t, []string{"analyse"}, "usage: kiothi analyse POSITION")
	errorSays(t, []string{"book", "probe", "x"}, "usage: kiothi book probe FILE POSITION")
	errorSays(t, []string{"show", "-1.2.3"}, "goes after --", "usage: kiothi show")
	errorSays(t, []string{"show", "--", "-1.2.3"}, `position "-1.2.3"`)
	_, _, err := runCLI(t, "show", "garbage")
	if err == nil || strings.Count(err.Error(), "position") != 2 || !strings.Contains(err.Error(), "startpos25") {
		t.Errorf("show garbage: %v, want one position prefix and startpos, startpos25 offered", err)
	}
	errorSays(t, []string{"show", "startpos", "ðj:a3"}, `'ð' is not a pit`)
	errorSays(t, []string{"show", "startpos", "ij:a-1a11"}, `"-1" is not a count`)
	// A bad position of any length is quoted by a short prefix.
	_, _, err = runCLI(t, "show", strings.Repeat("1.", 30000))
	if err == nil || len(err.Error()) > 300 {
		t.Errorf("60000-byte position: a %d-byte error", len(err.Error()))
	}
}

// TestBookProbeSetupMismatch: a position of another setup than the
// book's is an error, not an empty answer.
func TestBookProbeSetupMismatch(t *testing.T) {
	errorSays(t, []string{"book", "probe", "../../testdata/book.kbk", "startpos25"}, "setup 25")
}

// TestSolveGameOver: a position with no legal move prints its value and
// the result, not an empty line.
func TestSolveGameOver(t *testing.T) {
	out, _, err := runCLI(t, "solve", "0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.2.3.0.1 20-30 s 40")
	if err != nil || lastLine(out) != "value -16 (the game is over: 20-36, north wins)" {
		t.Errorf("solve, game over: %v %q", err, out)
	}
}

// TestAnalyseLastLine: a search stopped by its movetime part-way through
// an iteration ends with an info line that counts every node searched.
func TestAnalyseLastLine(t *testing.T) {
	out, _, err := runCLI(t, "analyse", "0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36", "--movetime", "200", "--json")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 2 {
		t.Fatalf("output %q", out)
	}
	var info, best struct {
		Type  string `json:"type"`
		Nodes uint64 `json:"nodes"`
	}
	if json.Unmarshal([]byte(lines[len(lines)-2]), &info) != nil || json.Unmarshal([]byte(lines[len(lines)-1]), &best) != nil {
		t.Fatalf("last lines %q", lines[len(lines)-2:])
	}
	if info.Type != "info" || best.Type != "bestmove" || info.Nodes != best.Nodes {
		t.Errorf("last info line counts %d nodes, the search %d", info.Nodes, best.Nodes)
	}
}

// TestAnalyseMultiPVOpening: --multipv at turns 1 and 2 prints that many
// redistributions at each level.
func TestAnalyseMultiPVOpening(t *testing.T) {
	out, _, err := runCLI(t, "analyse", "startpos", "--depth", "1", "--multipv", "3")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if err != nil || len(lines) != 4 {
		t.Fatalf("analyse startpos --multipv 3: %v, output %q", err, out)
	}
	for k, l := range lines[:3] {
		if !strings.HasPrefix(l, "info depth 1 ") || !strings.Contains(l, fmt.Sprintf(" multipv %d ", k+1)) {
			t.Errorf("line %d %q, want depth 1 multipv %d", k, l, k+1)
		}
	}
}
