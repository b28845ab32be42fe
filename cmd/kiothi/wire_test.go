// Tests of the opening book wired into ugi, analyse, play and match
// (in-process, with the shipped testdata/book.kbk).

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

const testBook = "../../testdata/book.kbk"

// probeLines returns `kiothi book probe` of pos: its lines and moves, best
// first (empty out of book).
func probeLines(t *testing.T, pos string) (lines, moves []string) {
	t.Helper()
	out, err := runCmd(t, "book", "probe", testBook, pos)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if l == "" {
			continue
		}
		lines = append(lines, l)
		moves = append(moves, strings.Fields(l)[0])
	}
	return lines, moves
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// A position of the suite, deep in play: out of any book.
const outOfBook = "0.0.24*.1.1*.0.1.1*.2.0/1.0.0.1*.2*.1.0.2.0.0 11-3 s 42"

func TestUGIBook(t *testing.T) {
	_, book := probeLines(t, "startpos")
	if len(book) == 0 {
		t.Fatal("startpos not in the test book")
	}
	// Three sessions: in book, out of book, and OwnBook off (quit ends
	// each search with its bestmove).
	sessions := []string{"position startpos\ngo movetime 50\n", "position fen " + outOfBook + "\ngo depth 1\n",
		"setoption name OwnBook value false\nposition startpos\ngo depth 1\n"}
	for _, random := range []bool{false, true} {
		t.Run(fmt.Sprintf("book-random %t", random), func(t *testing.T) {
			args := []string{"ugi"}
			if random {
				args = append(args, "--book-random", "--book-seed", "7")
			}
			out := ""
			for _, s := range sessions {
				o, _, err := runCmdIn(t, "ugi\nsetoption name BookFile value "+testBook+"\nsetoption name OwnBook value true\n"+s+"quit\n", args...)
				if err != nil {
					t.Fatal(err)
				}
				out += o
			}
			if !strings.Contains(out, "option name OwnBook type check default false\n") || !strings.Contains(out, "option name BookFile type string") {
				t.Errorf("book options not declared:\n%s", out)
			}
			var bests []string
			var bookLines []string
			lines := strings.Split(out, "\n")
			for i, l := range lines {
				if strings.HasPrefix(l, "bestmove ") {
					bests = append(bests, strings.TrimPrefix(l, "bestmove "))
				}
				if strings.HasPrefix(l, "info string book move ") {
					bookLines = append(bookLines, l)
					m := strings.TrimPrefix(l, "info string book move ")
					if i+1 >= len(lines) || lines[i+1] != "bestmove "+m {
						t.Errorf("book move %s not followed by its bestmove:\n%s", m, out)
					}
				}
				if strings.Contains(l, "error") {
					t.Errorf("error line %q", l)
				}
			}
			if len(bests) != 3 || len(bookLines) != 1 {
				t.Fatalf("random %v: %d bestmoves, %d book lines:\n%s", random, len(bests), len(bookLines), out)
			}
			if !contains(book, bests[0]) {
				t.Errorf("startpos bestmove %s is not a book move %v", bests[0], book)
			}
			if !random && bests[0] != book[0] {
				t.Errorf("bestmove %s, want the best book move %s", bests[0], book[0])
			}
			p, _ := position.Parse(outOfBook)
			if _, _, err := movegen.ParseAndApply(p, bests[1], movegen.Rules{}); err != nil {
				t.Errorf("out of book: bestmove %s: %v", bests[1], err)
			}
		})
	}
	// A missing book is refused when set; a book of other rules is loaded
	// (the rules may come later) but not used, and isready says why.
	out, _, err := runCmdIn(t, "setoption name OwnBook value true\nsetoption name BookFile value "+testBook+
		"\nsetoption name BookFile value /no/such.kbk\nisready\nposition startpos\ngo depth 1\nquit\n", "ugi", "--free-first-lap")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(out, "info string error: setoption BookFile") != 1 || !strings.Contains(out, "info string error: book ") ||
		!strings.Contains(out, "free-first-lap") || !strings.Contains(out, "readyok\n") || strings.Contains(out, "info string book move") {
		t.Errorf("bad books:\n%s", out)
	}
}

func TestAnalyseBook(t *testing.T) {
	probe, book := probeLines(t, "startpos")
	out, err := runCmd(t, "analyse", "startpos", "--book", testBook)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, l := range probe {
		want.WriteString("info string book " + l + "\n")
	}
	want.WriteString("bestmove " + book[0] + "\n")
	if out != want.String() {
		t.Errorf("analyse --book startpos:\n%s\nwant\n%s", out, want.String())
	}
	// Weighted draws: every pick a book move, and more than one of them
	// over a few seeds (the test book has several with weight > 0).
	picked := map[string]bool{}
	for seed := 1; seed <= 12; seed++ {
		out, err := runCmd(t, "analyse", "startpos", "--book", testBook, "--book-random", "--book-seed", strconv.Itoa(seed))
		if err != nil {
			t.Fatal(err)
		}
		m := bestOfBook(t, out)
		if !contains(book, m) {
			t.Fatalf("random book pick %s not in %v", m, book)
		}
		picked[m] = true
	}
	if len(picked) < 2 && len(book) > 1 {
		t.Errorf("--book-random always picked %v", picked)
	}
	// JSON: one object a book move, then the bestmove object.
	out, err = runCmd(t, "analyse", "startpos", "--book", testBook, "--json")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(book)+1 {
		t.Fatalf("--json: %d lines for %d book moves:\n%s", len(lines), len(book), out)
	}
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		switch {
		case i < len(book) && (m["type"] != "book" || m["move"] != book[i]):
			t.Errorf("line %d: %s, want book move %s", i, l, book[i])
		case i == len(book) && (m["type"] != "bestmove" || m["bestmove"] != book[0] || m["book"] != true):
			t.Errorf("last line %s, want the book's bestmove %s", l, book[0])
		}
	}
	// Out of book: the search as without --book.
	out, err = runCmd(t, "analyse", outOfBook, "--book", testBook, "--depth", "2")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "book") {
		t.Errorf("out of book, yet:\n%s", out)
	}
	bestOf(t, out)
	// Errors: a missing file, a book of other rules.
	for _, args := range [][]string{
		{"analyse", "startpos", "--book", "/no/such.kbk"},
		{"analyse", "startpos", "--book", testBook, "--free-first-lap"},
	} {
		t.Run(caseName(args), func(t *testing.T) {
			if _, err := runCmd(t, args...); err == nil || !strings.Contains(err.Error(), "--book") {
				t.Errorf("%v: error %v", args, err)
			}
		})
	}
}

// bestOfBook returns the bestmove of analyse's in-book output.
func bestOfBook(t *testing.T, out string) string {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	f := strings.Fields(lines[len(lines)-1])
	if len(f) != 2 || f[0] != "bestmove" {
		t.Fatalf("output %q", out)
	}
	return f[1]
}

func TestPlayBook(t *testing.T) {
	_, book := probeLines(t, "startpos")
	out, _, err := runCmdIn(t, "hint\nquit\n", "play", "--book", testBook, "--side", "north", "--depth", "1")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Kiothi (South) plays "+book[0]+" (book move, value ") {
		t.Errorf("engine did not play the book's %s:\n%s", book[0], out)
	}
	after, _, err := movegen.ParseAndApply(position.Start(30), book[0], movegen.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if _, reply := probeLines(t, after.String()); len(reply) > 0 && !strings.Contains(out, "hint: "+reply[0]+" (book move") {
		t.Errorf("hint is not the book's %s:\n%s", reply[0], out)
	}
	if _, _, err := runCmdIn(t, "quit\n", "play", "--book", testBook, "--free-first-lap"); err == nil {
		t.Error("a book of other rules accepted")
	}
}

func TestMatchBook(t *testing.T) {
	_, book := probeLines(t, "startpos")
	games := filepath.Join(t.TempDir(), "games.txt")
	_, _, err := runCLI(t, "match", "--player1", "engine:depth=1,book="+testBook, "--player2", "engine:depth=1",
		"--games", "2", "--out", games)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(games)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 {
		t.Fatalf("games:\n%s", b)
	}
	// Game 1: player 1 is South and opens with the book's best move.
	moves := strings.Fields(strings.Split(lines[0], " | ")[1])
	if !strings.Contains(lines[0], "player 1 south") || moves[0] != book[0] {
		t.Errorf("game 1 opens %s, want the book's %s:\n%s", moves[0], book[0], lines[0])
	}
	for _, bad := range []string{"engine:book=/no/such.kbk", "engine:book=", "engine:book=" + testBook + ",bookrandom=2"} {
		t.Run(bad, func(t *testing.T) {
			if _, _, err := runCLI(t, "match", "--player1", bad, "--player2", "random", "--games", "2"); err == nil || !strings.Contains(err.Error(), "book") {
				t.Errorf("%s: error %v", bad, err)
			}
		})
	}
}
