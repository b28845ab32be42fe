// Tests of the match command run in-process.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMatchCommand(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games.txt")
	out, _, err := runCLI(t, "match", "--player1", "greedy", "--player2", "random", "--games", "6", "--concurrency", "2", "--out", games, "--max-plies", "400")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "Score of greedy vs random: ") || !strings.HasSuffix(last, "] 6") {
		t.Errorf("last line %q", last)
	}
	b, err := os.ReadFile(games)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n != 6 {
		t.Errorf("%d game lines", n)
	}
}

func TestMatchCommandBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "open.txt")
	os.WriteFile(bad, []byte("startpos\n# ok\n1.2.3 0-0 s 3\n"), 0o644)
	cases := map[string][]string{
		"line 3":   {"match", "--player1", "random", "--player2", "random", "--openings", bad},
		"required": {"match", "--player1", "random"},
		"threads":  {"match", "--player1", "engine:threads=x", "--player2", "random"},
		"sprt":     {"match", "--player1", "random", "--player2", "random", "--sprt", "1,2"},
	}
	for want, args := range cases {
		t.Run(want, func(t *testing.T) {
			_, _, err := runCLI(t, args...)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%v: error %v should mention %q", args, err, want)
			}
		})
	}
}
