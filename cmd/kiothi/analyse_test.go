// Tests of kiothi analyse: output format, limits, opening, JSON and errors.

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/internal/machine"
	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/spf13/pflag"
)

func runCmd(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	c := newRootCmd(strings.NewReader(""), &out, &errOut)
	c.SetArgs(args)
	err := c.Execute()
	return out.String(), err
}

// bestOf checks the output's shape and returns the best move.
func bestOf(t *testing.T, out string) string {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 2 {
		t.Fatalf("output %q", out)
	}
	for _, l := range lines[:len(lines)-1] {
		f := strings.Fields(l)
		if len(f) < 18 || f[0] != "info" || f[1] != "depth" || f[3] != "seldepth" || f[5] != "multipv" || f[7] != "score" {
			t.Fatalf("info line %q", l)
		}
		if f[8] != "cp" && f[8] != "proven" {
			t.Fatalf("score form %q in %q", f[8], l)
		}
		if !strings.Contains(l, " nodes ") || !strings.Contains(l, " nps ") || !strings.Contains(l, " hashfull ") || !strings.Contains(l, " time ") || !strings.Contains(l, " pv ") {
			t.Fatalf("info line %q", l)
		}
	}
	f := strings.Fields(lines[len(lines)-1])
	if f[0] != "bestmove" {
		t.Fatalf("last line %q", lines[len(lines)-1])
	}
	return f[1]
}

func TestAnalyseSuites(t *testing.T) {
	for _, s := range testgame.SuiteFiles {
		t.Run(s.Name, func(t *testing.T) {
			r := s.Rules
			for _, e := range testgame.LoadSuite(t, s.Name) {
				t.Run(fmt.Sprintf("line %d", e.Line), func(t *testing.T) {
					if !movegen.HasMove(&e.Position, r) {
						return
					}
					args := []string{"analyse", e.Position.String(), "--nodes", "3000"}
					if r.FreeFirstLap {
						args = append(args, "--free-first-lap")
					}
					out, err := runCmd(t, args...)
					if err != nil {
						t.Fatalf("%s: %v", e.Position, err)
					}
					best := bestOf(t, out)
					if _, _, err := movegen.ParseAndApply(e.Position, best, r); err != nil {
						t.Fatalf("%s: bestmove %s: %v", e.Position, best, err)
					}
				})
			}
		})
	}
}

func TestAnalyseOpeningAndMoves(t *testing.T) {
	out, err := runCmd(t, "analyse", "startpos", "--depth", "1")
	if err != nil {
		t.Fatal(err)
	}
	best := bestOf(t, out)
	if !strings.Contains(best, ":") {
		t.Fatalf("opening bestmove %q", best)
	}
	// The same position given unquoted, then moves after it.
	out, err = runCmd(t, "analyse", "0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5", "0-0", "s", "1", best, "--depth", "1")
	if err != nil {
		t.Fatal(err)
	}
	if b := bestOf(t, out); !strings.Contains(b, ":") {
		t.Fatalf("turn-2 bestmove %q", b)
	}
	out, err = runCmd(t, "analyse", "startpos", "--moves", "ij:a3b2F5,IJ:A10", "--depth", "3", "--multipv", "2")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "multipv 2") {
		t.Fatalf("no second line:\n%s", out)
	}
}

func TestAnalyseProven(t *testing.T) {
	// Two warriors left, one move a side (perft 1, 1, 1, ...): the game
	// ends within a few plies, so depth 8 must show a proven value.
	out, err := runCmd(t, "analyse", "0.0.0.0.0.0.0.1.0.0/0.0.0.0.0.0.0.0.1.0 34-24 s 45", "--depth", "8")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "score proven ") {
		t.Fatalf("no proven score:\n%s", out)
	}
	// The JSON form: the same value in cp, marked proven, as in the book
	// lines and the HTTP API.
	out, err = runCmd(t, "analyse", "0.0.0.0.0.0.0.1.0.0/0.0.0.0.0.0.0.0.1.0 34-24 s 45", "--depth", "8", "--json")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var best struct {
		CP     int  `json:"cp"`
		Proven bool `json:"proven"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &best); err != nil {
		t.Fatal(err)
	}
	// South leads 34-24 with two warriors left: a proven win by at least 8.
	if !best.Proven || best.CP < 800 || best.CP%100 != 0 {
		t.Fatalf("bestmove line %s: want a proven cp of at least 800, a multiple of 100", lines[len(lines)-1])
	}
}

func TestAnalyseJSON(t *testing.T) {
	out, err := runCmd(t, "analyse", "startpos", "--moves", "ij:a3b2F5,IJ:A10", "--depth", "4", "--json")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d %q: %v", i, l, err)
		}
		want := "info"
		if i == len(lines)-1 {
			want = "bestmove"
		}
		if m["type"] != want {
			t.Fatalf("line %d type %v", i, m["type"])
		}
		if _, ok := m["cp"].(float64); !ok {
			t.Fatalf("line %d: no number cp: %s", i, l)
		}
		if _, ok := m["proven"].(bool); !ok {
			t.Fatalf("line %d: no bool proven: %s", i, l)
		}
	}
}

func TestAnalyseErrors(t *testing.T) {
	for _, args := range [][]string{
		{"analyse"},
		{"analyse", "nonsense"},
		{"analyse", "startpos", "--depth", "3", "--nodes", "5"},
		{"analyse", "startpos", "--hash", "0"},
		{"analyse", "startpos", "--hash", "100000000"},
		{"analyse", "startpos", "--threads", "0"},
		{"analyse", "startpos", "--multipv", "0"},
		{"analyse", "startpos", "--depth", "-2"},
		{"analyse", "startpos", "--movetime", "-5"},
		{"analyse", "startpos", "zz:a1"},
		{"analyse", "startpos", "e5"},
		{"analyse", "startpos", "--objective", "fun"},
		{"analyse", "startpos", "--multiplier", "11"},
		{"analyse", "0.0.0.1.1.0.1.1.1.1/0.0.0.0.0.0.0.0.0.0 12-42 n 44"},
	} {
		t.Run(caseName(args), func(t *testing.T) {
			if _, err := runCmd(t, args...); err == nil {
				t.Errorf("%q: no error", args)
			}
		})
	}
}

func TestBenchCmd(t *testing.T) {
	out, err := runCmd(t, "bench", "--depth", "2")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if n := len(lines); n < 32 || !strings.HasPrefix(lines[n-2], "Nodes searched: ") || !strings.HasPrefix(lines[n-1], "Nodes/second: ") {
		t.Fatalf("bench output:\n%s", out)
	}
	// It opens with the build and the machine the speed was measured on.
	if !strings.HasPrefix(lines[0], "kiothi "+version+" bench: depth 2, 1 thread(s)") || lines[1] != machine.Current().String() {
		t.Errorf("bench opens with\n%s\n%s\nwant the version and the machine", lines[0], lines[1])
	}
	// Several thread counts or a move time measure the threads.
	out, err = runCmd(t, "bench", "--depth", "2", "--threads", "1,2")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "bench: depth 2, 1,2 thread(s)") || !strings.Contains(out, "depth 2, 2 threads, ") || !strings.Contains(out, "against 1 thread: ") {
		t.Errorf("bench --threads 1,2 output:\n%s", out)
	}
	out, err = runCmd(t, "bench", "--threads", "2", "--movetime", "2,3")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "bench: movetime 2,3 ms, 2 thread(s)") || !strings.Contains(out, "movetime 3 ms, 2 threads, ") {
		t.Errorf("bench --movetime 2,3 output:\n%s", out)
	}
	for _, args := range [][]string{{"bench", "--depth", "0"}, {"bench", "--threads", "0"}, {"bench", "--threads", "1,0"}, {"bench", "--threads", ""}, {"bench", "--movetime", "0"}, {"bench", "--hash", "0"}, {"bench", "extra"}} {
		t.Run(caseName(args), func(t *testing.T) {
			if _, err := runCmd(t, args...); err == nil {
				t.Errorf("%q: no error", args)
			}
		})
	}
}

// TestAnalyseSaysScoreUnit: analyse's cp scores are centi-warriors where
// the page and play show warriors, so the text output and the help say so.
func TestAnalyseSaysScoreUnit(t *testing.T) {
	_, errOut, err := runCLI(t, "analyse", "startpos", "ij:a3b2F5", "IJ:a5e5", "--depth", "1")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut, "centi-warriors (cp 100 = one warrior)") {
		t.Errorf("analyse's stderr does not give the score unit: %q", errOut)
	}
	help, _, err := runCLI(t, "--help")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(help, "analyse") || !strings.Contains(help, "(scores in centi-warriors)") {
		t.Errorf("kiothi --help does not give analyse's score unit:\n%s", help)
	}
}

// TestAnalyseSaysDatabase: analyse says once on stderr which endgame
// database it reads (the built-in one by default, none with --egdb none),
// in text and in JSON, and how to get the larger one.
func TestAnalyseSaysDatabase(t *testing.T) {
	if _, there := egdb.AutoPath(); there {
		t.Skip("a kiothi.egdb stands beside the test binary")
	}
	builtIn, err := egdb.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--depth", "1"}, egdb.Says(builtIn)},
		{[]string{"--depth", "1", "--json"}, egdb.Says(builtIn)},
		{[]string{"--depth", "1", "--egdb", "none"}, "endgame database: none"},
	} {
		_, errOut, err := runCLI(t, append([]string{"analyse", "startpos"}, c.args...)...)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(errOut, "kiothi: endgame database: "); n != 1 || !strings.Contains(errOut, "kiothi: "+c.want+"\n") {
			t.Errorf("analyse %q: stderr %q; want the line %q once", c.args, errOut, c.want)
		}
	}
	if !strings.Contains(egdb.Says(builtIn), "make egdb") {
		t.Errorf("the built-in database's sentence does not say how to get the larger one: %q", egdb.Says(builtIn))
	}
}

// TestAnalyseJSONLines: --json lines come sorted and complete at every
// depth (multipv 1..K, cp non-increasing), and the last info lines, after
// a limit stopped an iteration part-way, are a completed depth's with
// the bestmove's line first.
func TestAnalyseJSONLines(t *testing.T) {
	for _, lim := range [][]string{{"--nodes", "40000"}, {"--nodes", "91733"}, {"--depth", "6"}} {
		args := append([]string{"analyse", "1.2.1.0.4.3.2.4.19.1/4.3.0.3.0.3.2.1.3.6 1-0 s 4", "--multipv", "3", "--hash", "2", "--json"}, lim...)
		out, err := runCmd(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		type line struct {
			Type, BestMove string
			Depth, MultiPV int
			CP             int
			Proven         bool
			PV             []string
		}
		var infos []line
		var best line
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var m line
			if err := json.Unmarshal([]byte(l), &m); err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			if m.Type == "info" {
				infos = append(infos, m)
			} else {
				best = m
			}
		}
		if len(infos) == 0 || len(infos)%3 != 0 {
			t.Fatalf("%v: %d info lines, want whole depths of 3", lim, len(infos))
		}
		for k, in := range infos {
			if in.MultiPV != k%3+1 || k%3 > 0 && (in.Depth != infos[k-1].Depth || !in.Proven && !infos[k-1].Proven && in.CP > infos[k-1].CP) {
				t.Errorf("%v: info %d depth %d multipv %d cp %d after depth %d cp %d", lim, k, in.Depth, in.MultiPV, in.CP, infos[max(k-1, 0)].Depth, infos[max(k-1, 0)].CP)
			}
		}
		last := infos[len(infos)-3:]
		if fmt.Sprint(last[0].PV) != fmt.Sprint(best.PV) || last[0].PV[0] != best.BestMove || last[0].Depth != best.Depth {
			t.Errorf("%v: last line depth %d pv %v, bestmove %s depth %d pv %v", lim, last[0].Depth, last[0].PV, best.BestMove, best.Depth, best.PV)
		}
		for k := 0; k+3 <= len(infos)-3; k += 3 {
			if infos[k].Depth == last[0].Depth && fmt.Sprint(infos[k:k+3]) != fmt.Sprint(last) {
				// Same depth, so the same lines (only nodes and time may grow).
				for j := 0; j < 3; j++ {
					if fmt.Sprint(infos[k+j].PV, infos[k+j].CP) != fmt.Sprint(last[j].PV, last[j].CP) {
						t.Errorf("%v: depth %d reported twice with different lines", lim, last[0].Depth)
					}
				}
			}
		}
	}
}

// TestAnalyseHashDefault: a long analysis (--infinite, --movetime of
// limits.LongAnalysisTime or more) gets limits.AnalysisHash's table, a
// short one the default, and --hash given is kept.
func TestAnalyseHashDefault(t *testing.T) {
	long := limits.AnalysisHash(true, 1, 1)
	if limits.CheckMemory("", limits.EngineMB(1, limits.AnalysisHashMB)) == nil && long != limits.AnalysisHashMB {
		t.Fatalf("AnalysisHash %d with the memory for %d MB", long, limits.AnalysisHashMB)
	}
	for _, c := range []struct {
		flags []string
		want  int
	}{
		{nil, limits.DefaultHashMB},
		{[]string{"--depth", "5"}, limits.DefaultHashMB},
		{[]string{"--movetime", "999"}, limits.DefaultHashMB},
		{[]string{"--movetime", "1s"}, long},
		{[]string{"--movetime", "60000"}, long},
		{[]string{"--infinite"}, long},
		{[]string{"--infinite", "--hash", "8"}, 8},
		{[]string{"--movetime", "100", "--hash", "32"}, 32},
	} {
		o := &analyseOptions{}
		f := pflag.NewFlagSet("analyse", pflag.ContinueOnError)
		o.addFlags(f)
		if err := f.Parse(c.flags); err != nil {
			t.Fatal(err)
		}
		su, err := o.setup(f, &globalOptions{}, []string{"startpos"})
		if err != nil {
			t.Fatalf("%v: %v", c.flags, err)
		}
		if su.options.HashMB != c.want {
			t.Errorf("%v: hash %d MB, want %d", c.flags, su.options.HashMB, c.want)
		}
	}
}
