// In-process tests of the perft, moves and show commands: output formats,
// RULES.md §9 through `kiothi moves`, suite runs and error messages.

package main

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// runCLI runs one command line in-process and returns its streams.
func runCLI(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := newRootCmd(strings.NewReader(""), &out, &errOut)
	cmd.SetArgs(args)
	err = cmd.Execute()
	return out.String(), errOut.String(), err
}

// caseName names a table case by its command line, a file path by its
// base name (temporary folders differ from run to run).
func caseName(args []string) string {
	parts := make([]string, len(args))
	for i, a := range args {
		if filepath.IsAbs(a) || strings.HasPrefix(a, "..") {
			a = filepath.Base(a)
		}
		parts[i] = a
	}
	return strings.Join(parts, " ")
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// binom is C(n, k) computed with big integers, independent of movegen.
func binom(n, k int64) *big.Int { return new(big.Int).Binomial(n, k) }

func TestPerftStart(t *testing.T) {
	// RULES.md §8: depth 1 sums C(L+19, 19) over the 15 pairs of the six
	// occupied pits, L = 10 each.
	d1 := new(big.Int).Mul(big.NewInt(15), binom(29, 19))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "startpos", "--depth", "1"}, d1.String()},
		{[]string{"perft", "startpos", "--depth", "2"}, "553498067252994435"},
		{[]string{"perft", "startpos25", "--depth", "2"}, "247208437463744900"},
	} {
		t.Run(caseName(c.args), func(t *testing.T) {
			out, errOut, err := runCLI(t, c.args...)
			if err != nil {
				t.Fatalf("%v: %v", c.args, err)
			}
			if got := lastLine(out); got != "Nodes searched: "+c.want {
				t.Errorf("%v: last line %q, want Nodes searched: %s", c.args, got, c.want)
			}
			if !strings.Contains(errOut, "time") {
				t.Errorf("%v: stderr %q lacks the time", c.args, errOut)
			}
			if strings.Contains(out, "time") {
				t.Errorf("%v: timing on stdout: %q", c.args, out)
			}
		})
	}
}

var divideLine = regexp.MustCompile(`^([a-jA-J][0-9]+|[a-jA-J]{2}): ([0-9]+)$`)

// parseDivide checks the --divide format and returns the lines and total.
func parseDivide(t *testing.T, out string) (moves []string, counts []uint64, total uint64) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	var sum uint64
	for _, l := range lines[:len(lines)-1] {
		m := divideLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("divide line %q: want <move>: <count>", l)
		}
		n, _ := strconv.ParseUint(m[2], 10, 64)
		moves, counts = append(moves, m[1]), append(counts, n)
		sum += n
	}
	last := lines[len(lines)-1]
	if _, err := fmt.Sscanf(last, "Nodes searched: %d", &total); err != nil {
		t.Fatalf("last line %q: want Nodes searched: <N>", last)
	}
	if sum != total {
		t.Errorf("divide lines sum to %d, Nodes searched %d", sum, total)
	}
	return moves, counts, total
}

func TestPerftDivideOpening(t *testing.T) {
	out, _, err := runCLI(t, "perft", "startpos", "--depth", "1", "--divide")
	if err != nil {
		t.Fatal(err)
	}
	moves, counts, _ := parseDivide(t, out)
	var want []string
	for i := 'e'; i <= 'j'; i++ {
		for j := i + 1; j <= 'j'; j++ {
			want = append(want, string(i)+string(j))
		}
	}
	if strings.Join(moves, " ") != strings.Join(want, " ") {
		t.Errorf("pairs %v, want %v", moves, want)
	}
	for k, c := range counts {
		if c != binom(29, 19).Uint64() {
			t.Errorf("%s: %d, want C(29, 19)", moves[k], c)
		}
	}
}

func TestPerftDividePlay(t *testing.T) {
	// Suite line 17 of testdata/kiothi.perft: D1 4, D3 60.
	pos := "0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36"
	out, _, err := runCLI(t, "perft", pos, "--depth", "3", "--divide", "--threads", "2", "--hash", "1")
	if err != nil {
		t.Fatal(err)
	}
	moves, counts, total := parseDivide(t, out)
	if total != 60 || len(moves) != 4 {
		t.Fatalf("got %d lines, total %d; want 4 lines, 60", len(moves), total)
	}
	// The lines follow `kiothi moves`, and each count is perft of the
	// position after the move at depth 2.
	mv, _, err := runCLI(t, "moves", pos)
	if err != nil {
		t.Fatal(err)
	}
	for k, l := range strings.Split(strings.TrimRight(mv, "\n"), "\n") {
		f := strings.SplitN(l, " ", 2)
		if f[0] != moves[k] {
			t.Errorf("divide line %d is %s, moves line %d is %s", k, moves[k], k, f[0])
		}
		sub, _, err := runCLI(t, "perft", f[1], "--depth", "2", "--threads", "1")
		if err != nil {
			t.Fatal(err)
		}
		if got := lastLine(sub); got != fmt.Sprintf("Nodes searched: %d", counts[k]) {
			t.Errorf("after %s: %q, divide said %d", f[0], got, counts[k])
		}
	}
}

func writeSuite(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.perft")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestPerftSuiteRun(t *testing.T) {
	good := "# two lines from testdata/kiothi.perft\n" +
		"0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36 ;D1 4 ;D2 16 ;D3 60 ;D4 260\n" +
		"\n0.0.0.0.0.5.5.5.5.5/0.0.0.0.0.5.5.5.5.5 0-0 s 1 ;D1 200300100 ;D2 247208437463744900\n"
	out, _, err := runCLI(t, "perft", "--suite", writeSuite(t, good))
	if err != nil {
		t.Fatalf("good suite: %v\n%s", err, out)
	}
	if !strings.Contains(out, "ok    line 2  D4 260") || !strings.Contains(lastLine(out), "2 positions, 2 passed, 0 failed, 0 skipped") {
		t.Errorf("good suite output:\n%s", out)
	}

	// --max-nodes skips what it cannot afford; --depth caps the depth.
	out, _, err = runCLI(t, "perft", "--suite", writeSuite(t, good), "--max-nodes", "100", "--depth", "2")
	if err != nil || !strings.Contains(out, "ok    line 2  D2 16") || !strings.Contains(out, "skip  line 4") ||
		!strings.Contains(lastLine(out), "1 passed, 0 failed, 1 skipped") {
		t.Errorf("capped suite: %v\n%s", err, out)
	}

	bad := strings.Replace(good, ";D3 60", ";D3 61", 1)
	out, _, err = runCLI(t, "perft", "--suite", writeSuite(t, bad))
	if err == nil || exitCode(err) != 1 {
		t.Fatalf("a mismatch must fail with exit status 1, got %v", err)
	}
	if !strings.Contains(out, "FAIL  line 2  D3  got 60, want 61") || !strings.Contains(lastLine(out), "1 passed, 1 failed") {
		t.Errorf("bad suite output:\n%s", out)
	}

	_, _, err = runCLI(t, "perft", "--suite", writeSuite(t, "0.0.0/1 0-0 s 3 ;D1 4\n"))
	if err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("malformed suite: error %v, want one naming line 1", err)
	}
	if _, _, err = runCLI(t, "perft", "--suite", filepath.Join(t.TempDir(), "missing.perft")); err == nil {
		t.Error("a missing suite file gave no error")
	}
}

// TestPerftSuiteFiles runs the public suites' cheap depths through the
// CLI, under the rules each needs.
func TestPerftSuiteFiles(t *testing.T) {
	std := filepath.Join("..", "..", "testdata", "kiothi.perft")
	free := filepath.Join("..", "..", "testdata", "kiothi-free-first-lap.perft")
	for _, args := range [][]string{
		{"perft", "--suite", std, "--max-nodes", "20000"},
		{"perft", "--suite", free, "--max-nodes", "20000", "--free-first-lap"},
	} {
		t.Run(caseName(args), func(t *testing.T) {
			out, _, err := runCLI(t, args...)
			if err != nil || strings.Contains(out, "FAIL") {
				t.Errorf("%v: %v\n%s", args, err, out)
			}
		})
	}
	out, _, err := runCLI(t, "perft", "--suite", free, "--max-nodes", "20000")
	if err == nil || !strings.Contains(out, "FAIL") || !strings.Contains(err.Error(), "--free-first-lap") {
		t.Errorf("the free-first-lap suite under standard rules must fail with a hint: %v", err)
	}
}

func TestPerftFlagErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "startpos", "--depth", "-1"}, "--depth -1: must be from 1 to 100"},
		{[]string{"perft", "startpos", "--depth", "0"}, "--depth 0: must be from 1 to 100"},
		{[]string{"perft", "--suite", "x.perft", "--depth", "0"}, "--depth 0: must be from 1 to 100"},
		{[]string{"perft", "startpos", "--depth", "1", "--threads", "0"}, "--threads 0: must be from 1 to 256"},
		{[]string{"perft", "startpos", "--depth", "1", "--hash", "-5"}, "--hash -5"},
		{[]string{"perft", "startpos", "--depth", "1", "--hash", "9999999"}, "--hash 9999999: must be from 1 to 65536 MB (or 0: none)"},
		{[]string{"perft", "startpos"}, "--depth"},
		{[]string{"perft", "--depth", "2"}, "POSITION"},
		{[]string{"perft", "startpos", "--depth", "x"}, "--depth"},
		{[]string{"perft", "startpos", "--depth", "1", "--max-nodes", "9"}, "--max-nodes"},
		{[]string{"perft", "startpos", "--suite", "x.perft"}, "--suite"},
		{[]string{"perft", "--suite", "x.perft", "--divide"}, "--divide"},
		{[]string{"perft", "--suite", "x.perft", "--max-nodes", "0"}, "--max-nodes 0"},
		{[]string{"perft", "startpos", "--depth", "3"}, "turn 1 counts to depth 2"},
		{[]string{"perft", "startpos30", "--depth", "1"}, "position"},
	} {
		t.Run(caseName(c.args), func(t *testing.T) {
			_, _, err := runCLI(t, c.args...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v: error %v, want one saying %q", c.args, err, c.want)
			}
		})
	}
}

func TestBadPositions(t *testing.T) {
	for _, c := range []struct{ pos, want string }{
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5 0-0 s 1", "row 2 has 9 pits, want 10"},
		{"0.0.0.0.5.5.5.5.5.10/0.0.0.0.5.5.5.5.5.5 0-0 s 3", "65 warriors, at most 63"},
		{"0.0.0*.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 3", "nki mark on empty pit c"},
		{"0.0.0.0.5*.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1", "nki marks during the opening"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 2", "turn 2 belongs to North"},
	} {
		t.Run(c.want, func(t *testing.T) {
			for _, cmd := range []string{"moves", "show", "perft"} {
				t.Run(cmd, func(t *testing.T) {
					args := []string{cmd, c.pos}
					if cmd == "perft" {
						args = append(args, "--depth", "1")
					}
					out, _, err := runCLI(t, args...)
					if err == nil || !strings.Contains(err.Error(), c.want) {
						t.Errorf("%v: error %v, want one saying %q", args, err, c.want)
					}
					if out != "" {
						t.Errorf("%v: printed %q before failing", args, out)
					}
				})
			}
		})
	}
}

// TestMovesWorkedExamples holds `kiothi moves` to RULES.md §9 and §4.
func TestMovesWorkedExamples(t *testing.T) {
	for _, c := range []struct{ pos, move, want string }{
		{"0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3", "b1", "0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 5-0 n 4"},
		{"0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4*.0.0 0-0 s 3", "b1", "0.0.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4*.0.0 0-0 n 4"},
		{"0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3.0.1 0-0 s 3", "j11", "0.0.0.0.0.0.0.0.0.0/1.1.1.1.1.1.0.0.0.0 11-0 n 4"},
		{"0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3*.0.1 0-0 s 3", "j11", "0.0.0.0.0.0.0.0.0.0/1.1.1.1.1.1.3.4*.1.0 3-0 n 4"},
		{"0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3.0.1 0-0 s 3", "j10", "1.0.0.0.0.0.0.0.0.1/1.1.1.1.1.1.3.4.0.0 2-0 n 4"},
		{"0.2.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 s 3", "b1", ""},
		{"0.2.0.0.0.0.0.0.0.1/3*.0.0.0.0.0.0.0.0.0 0-0 s 3", "j1", "0.2.0.0.0.0.0.0.0.0/0.1.1.1.1.0.0.0.0.0 0-0 n 4"},
		{"2.5.2.5.2.1.0.1.0.1/6.3.2.3.2.3.0.1.2.2 0-17 n 3", "J1", ""},
	} {
		t.Run(c.pos+" "+c.move, func(t *testing.T) {
			out, _, err := runCLI(t, "moves", c.pos)
			if err != nil {
				t.Fatalf("moves %s: %v", c.pos, err)
			}
			found := ""
			for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
				if f := strings.SplitN(l, " ", 2); f[0] == c.move {
					found = f[1]
				}
			}
			if found != c.want {
				t.Errorf("moves %s: %s leads to %q, want %q (\"\" = not listed)", c.pos, c.move, found, c.want)
			}
			if c.want == "" {
				_, _, err := runCLI(t, "show", c.pos, c.move)
				if err == nil {
					t.Errorf("show %s %s: no error for an illegal move", c.pos, c.move)
				}
			} else {
				out, _, err := runCLI(t, "show", c.pos, c.move)
				if err != nil || lastLine(out) != c.want {
					t.Errorf("show %s %s: last line %q (%v), want %s", c.pos, c.move, lastLine(out), err, c.want)
				}
			}
		})
	}
	// The 2,376-lap H4 is listed.
	out, _, _ := runCLI(t, "moves", "2.3.0.1.2.3.1.2.5.1/3.2.1.2.3.4.3.6.2.1 13-1 n 12")
	if !strings.Contains(out, "\nH4 ") {
		t.Errorf("moves lacks the long H4:\n%s", out)
	}
}

func TestMovesFormats(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		// No legal move for South: North sweeps the board.
		{[]string{"moves", "0.0.0.0.0.0.0.0.0.0/1.1.1.1.1.1.1.1.1.1 20-30 s 40"}, "result 20-40\nnorth\n"},
		{[]string{"moves", "0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.1 31-28 s 50"}, "result 31-29\nsouth\none-warrior\n"},
		{[]string{"moves", "0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.2 30-28 s 50"}, "result 30-30\ndraw\n"},
		// The free-first-lap variant admits b1 here: c relays two to d and e.
		{[]string{"moves", "0.2.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 s 3", "--free-first-lap"},
			"b1 0.1.0.1.1.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 n 4\nb2 0.0.2.1.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 n 4\nc1 0.2.0.1.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 n 4\n"},
	} {
		t.Run(caseName(c.args), func(t *testing.T) {
			out, _, err := runCLI(t, c.args...)
			if err != nil || out != c.want {
				t.Errorf("%v: %v\n got %q\nwant %q", c.args, err, out, c.want)
			}
		})
	}
	out, _, err := runCLI(t, "moves", "startpos")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 16 || lines[1] != "ef "+binom(29, 19).String() || lines[15] != "ij "+binom(29, 19).String() {
		t.Errorf("moves startpos: %d lines, first %q, last %q", len(lines), lines[1], lines[len(lines)-1])
	}
	// The header says what the numbers count, and their total.
	total := new(big.Int)
	for _, l := range lines[1:] {
		n, ok := new(big.Int).SetString(strings.Fields(l)[1], 10)
		if !ok {
			t.Fatalf("line %q", l)
		}
		total.Add(total, n)
	}
	if want := "# pair: the two pits lifted; count: its redistributions (the ways to drop the lifted warriors into the 20 pits); in all " + total.String() + " redistributions"; lines[0] != want {
		t.Errorf("moves startpos header %q, want %q", lines[0], want)
	}
}

func TestShow(t *testing.T) {
	out, _, err := runCLI(t, "show", "startpos", "ij:a3b2F5", "IJ:a5e5", "a3")
	if err != nil {
		t.Fatal(err)
	}
	// After the opening every occupied pit is nki; a3 lifts from a (8
	// warriors) and clears its mark, then sows b, c, d: d was empty.
	want := "5.3*.1.1.10*.5*.5*.5*.0.0/0.0.0.0.5*.10*.5*.5*.0.0 0-0 n 4"
	if lastLine(out) != want {
		t.Errorf("show: last line %q, want %q\n%s", lastLine(out), want, out)
	}
	for _, s := range []string{"North", "South", "last move: a3", "turn 4, North to move"} {
		if !strings.Contains(out, s) {
			t.Errorf("show lacks %q:\n%s", s, out)
		}
	}
	out, _, err = runCLI(t, "show", "0.0.0.0.0.0.0.0.0.0/1.1.1.1.1.1.1.1.1.1 20-30 s 40")
	if err != nil || !strings.Contains(out, "game over (no legal move): 20-40, north") {
		t.Errorf("show at a finished game: %v\n%s", err, out)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"show", "startpos", "e5"}, "move 1: e5: turn 1 is a redistribution"},
		{[]string{"show", "startpos", "ij:a3b2F6"}, "move 1: ij:a3b2F6: drops sum to 11, but ij lifts 10"},
		{[]string{"show", "startpos", "ab:a10"}, "a is empty"},
		{[]string{"show", "startpos", "ij:a3b2F5", "ij:a10"}, "move 2: ij:a10: i is not your pit"},
		{[]string{"show", "startpos", "ij:a3b2F5", "IJ:a5e5", "b3"}, "move 3: b3: the pit does not hold that many warriors"},
		{[]string{"show", "startpos", "ij:a3b2F5", "IJ:a5e5", "A1"}, "move 3: A1: not your pit"},
		{[]string{"show", "startpos", "ij:a3b2F5", "IJ:a5e5", "ij:a3"}, "past the opening"},
		{[]string{"show", "startpos", "zz"}, "move 1: "},
		{[]string{"show", "0.2.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 s 3", "b1"}, "first-lap restriction"},
		{[]string{"show", "2.5.2.5.2.1.0.1.0.1/6.3.2.3.2.3.0.1.2.2 0-17 n 3", "J1"}, "10,000 laps"},
		{[]string{"show", "0.0.0.0.0.0.0.0.0.0/1.1.1.1.1.1.1.1.1.1 20-30 s 40", "a1"}, "game is over"},
		{[]string{"show"}, "arg"},
	} {
		t.Run(caseName(c.args), func(t *testing.T) {
			out, _, err := runCLI(t, c.args...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v: error %v, want one saying %q", c.args, err, c.want)
			}
			if out != "" {
				t.Errorf("%v: printed %q before failing", c.args, out)
			}
		})
	}
}

// TestCommandDocListsSubcommands: go doc ./cmd/kiothi (main.go's comment)
// names every subcommand the root registers, as "kiothi NAME".
func TestCommandDocListsSubcommands(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	doc := f.Doc.Text()
	root := newRootCmd(strings.NewReader(""), io.Discard, io.Discard)
	n := 0
	for _, c := range root.Commands() {
		if c.Hidden || c.Name() == "help" || c.Name() == "completion" {
			continue
		}
		n++
		if !strings.Contains(doc, "kiothi "+c.Name()+" ") {
			t.Errorf("main.go's command doc does not list kiothi %s", c.Name())
		}
	}
	if n < 14 {
		t.Errorf("the root has %d subcommands, want the 14 of the command doc", n)
	}
}
