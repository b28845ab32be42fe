// Tests of the match command run in-process.

package main

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/pgn"
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
		"line 3":                            {"match", "--player1", "random", "--player2", "random", "--openings", bad},
		"required":                          {"match", "--player1", "random"},
		"threads":                           {"match", "--player1", "engine:threads=x", "--player2", "random"},
		"sprt":                              {"match", "--player1", "random", "--player2", "random", "--sprt", "1,2"},
		"--tc: time control \"40/x\": time": {"match", "--player1", "random", "--player2", "random", "--tc", "40/x"},
		"give one":                          {"match", "--player1", "random", "--player2", "random", "--tc", "2+0.1", "--movetime", "10"},
		"--timemargin":                      {"match", "--player1", "random", "--player2", "random", "--tc", "2+0.1", "--timemargin", "1h"},
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

// An interrupted match says so, with the score of the games finished, and
// exits with status 130 (not "context canceled").
func TestMatchCommandInterrupted(t *testing.T) {
	for _, after := range []time.Duration{0, 300 * time.Millisecond} {
		t.Run(after.String(), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if after == 0 {
				cancel()
			} else {
				time.AfterFunc(after, cancel)
			}
			var out, errOut bytes.Buffer
			cmd := newRootCmd(strings.NewReader(""), &out, &errOut)
			cmd.SetArgs([]string{"match", "--player1", "greedy", "--player2", "random", "--games", "100000", "--max-plies", "400"})
			err := cmd.ExecuteContext(ctx)
			if err == nil || exitCode(err) != 130 || strings.Contains(err.Error(), "context canceled") {
				t.Fatalf("error %v (exit %d)", err, exitCode(err))
			}
			want := "interrupted before any game finished"
			if after > 0 {
				want = "interrupted after "
				if !strings.Contains(err.Error(), "score so far: Score of greedy vs random: ") || !strings.Contains(out.String(), "Score of greedy vs random") {
					t.Errorf("no score: %v\n%s", err, out.String())
				}
			}
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %v, want %q", err, want)
			}
		})
	}
}

// The engine spec's settings are all in the help and in the error for an
// unknown one.
func TestMatchCommandSettingsListed(t *testing.T) {
	help, _, err := runCLI(t, "match", "--help")
	if err != nil || !strings.Contains(help, "eval=FILE") {
		t.Errorf("help lacks eval=FILE (%v):\n%s", err, help)
	}
	_, _, err = runCLI(t, "match", "--player1", "engine:speed=1", "--player2", "random")
	if err == nil || !strings.Contains(err.Error(), "eval,") {
		t.Errorf("unknown setting: %v", err)
	}
}

// --pgnout appends: two runs leave both runs' games in the file, each a
// game pgn reads back.
func TestMatchCommandPGNOut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.pgn")
	for range 2 {
		if _, _, err := runCLI(t, "match", "--player1", "greedy", "--player2", "random", "--games", "2", "--max-plies", "300", "--pgnout", path); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := pgn.ReadAll(f)
	if err != nil || len(games) != 4 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	if games[3].Tag("South") != "random" || games[3].Tag("Round") != "2" || games[3].Moves[0].Comment == "" {
		t.Errorf("last game %+v", games[3])
	}
}

// A tournament of three players on a 2+0.05 clock ends with a table of
// all three and the three pairings.
func TestMatchCommandTournament(t *testing.T) {
	out, _, err := runCLI(t, "match", "--player", "engine:depth=2", "--player", "greedy", "--player", "random",
		"--tc", "2+0.05", "--games", "2", "--max-plies", "200")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "rank ") || strings.Count(out, "Score of ") != 3 || !strings.Contains(out, "Score of greedy vs random") {
		t.Errorf("table:\n%s", out)
	}
	// Through workers: the same pairings, counted the same way.
	out, _, err = runCLI(t, "match", "--player", "greedy", "--player", "random", "--player", "engine:depth=1", "--games", "2", "--max-plies", "200", "--workers", "2")
	if err != nil || strings.Count(out, "Score of ") != 3 || !strings.Contains(out, "Score of greedy vs random: 2 - 0 - 0") {
		t.Errorf("through workers (%v):\n%s", err, out)
	}
	// Through workers with a clock, a resign rule and PGN comments.
	pgnFile := filepath.Join(t.TempDir(), "w.pgn")
	out, _, err = runCLI(t, "match", "--player1", "engine:depth=3,hash=1", "--player2", "engine:depth=1,hash=1,opening=random", "--games", "2",
		"--tc", "5+0.05", "--resign", "movecount=1,score=2", "--pgnout", pgnFile, "--workers", "2")
	if err != nil || !strings.Contains(out, "Score of ") {
		t.Errorf("clock and resign through workers (%v):\n%s", err, out)
	}
	_, _, err = runCLI(t, "match", "--player1", "random", "--player2", "random", "--pgnout", pgnFile, "--max-plies", "0", "--workers", "1")
	if err == nil || !strings.Contains(err.Error(), "--max-plies 0: through workers") {
		t.Errorf("--max-plies 0 with comments through workers: %v", err)
	}
	if b, err := os.ReadFile(pgnFile); err != nil || strings.Count(string(b), `[TimeControl "5+0.05"]`) != 2 || !strings.Contains(string(b), "/3 ") {
		t.Errorf("pgn through workers (%v):\n%s", err, b)
	}
	out, _, err = runCLI(t, "match", "--player", "greedy", "--player", "random", "--player", "engine:depth=1", "--tournament", "gauntlet", "--games", "2", "--max-plies", "200")
	if err != nil || strings.Count(out, "Score of greedy vs ") != 2 || strings.Contains(out, "Score of random") {
		t.Errorf("gauntlet (%v):\n%s", err, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "--player", "greedy"}, "at least 2 players"},
		{[]string{"match", "--player", "greedy", "--player", "random", "--player1", "random"}, "not both"},
		{[]string{"match", "--player", "greedy", "--player", "random", "--sprt", "0,10,0.05,0.05"}, "no SPRT"},
		{[]string{"match", "--player", "greedy", "--player", "random", "--tournament", "swiss"}, "--tournament"},
		{[]string{"match", "--player", "greedy", "--player", "engine:x=1"}, "--player engine:x=1 (player 2)"},
		{[]string{"match", "--player", "greedy", "--player", "greedy"}, "both named"},
		{[]string{"match", "--player", "greedy:name=g", "--player", "random:name=g"}, "players 1 and 2 are both named \"g\""},
	} {
		if _, _, err := runCLI(t, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}

// --report writes the page whole, for a match and for a tournament.
func TestMatchCommandReport(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"match", "--player1", "greedy", "--player2", "random", "--games", "4", "--max-plies", "200"},
		{"match", "--player", "greedy", "--player", "random", "--player", "engine:depth=1", "--games", "2", "--max-plies", "200"},
	} {
		path := filepath.Join(dir, "r.html")
		if _, _, err := runCLI(t, append(args, "--report", path)...); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil || !strings.HasPrefix(string(b), "<!DOCTYPE html>") || !strings.Contains(string(b), "Score of greedy vs random") {
			t.Errorf("%v: report %v\n%.300s", args, err, b)
		}
		if len(args) > 9 && !strings.Contains(string(b), "Standings") {
			t.Errorf("tournament report without standings")
		}
		// The header counts the games the report lists, all of them.
		played := len(regexp.MustCompile(`<tr><td>\d+</td><td class="name">[^<]*</td><td class="name">[^<]*</td><td>(1-0|0-1|1/2-1/2)</td>`).FindAllString(string(b), -1))
		want := fmt.Sprintf(`<tr><th>games</th><td class="name">%d</td>`, played)
		if len(args) > 9 {
			want = fmt.Sprintf(`<tr><th>games</th><td class="name">%d (2 games a pairing)</td>`, played)
		}
		if played == 0 || !strings.Contains(string(b), want) {
			t.Errorf("%v: %d games listed, the header's line is not %s:\n%s", args, played, want, regexp.MustCompile(`<tr><th>games</th>.*`).FindString(string(b)))
		}
	}
	svg := filepath.Join(dir, "r.svg")
	if _, _, err := runCLI(t, "match", "--player1", "greedy", "--player2", "random", "--games", "2", "--report", svg); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.HasPrefix(string(b), "<?xml") || !strings.Contains(string(b), "<polyline") {
		t.Errorf("svg report %v: %.200s", err, b)
	}
	if _, _, err := runCLI(t, "match", "--player1", "greedy", "--player2", "random", "--report", dir); err == nil || !strings.Contains(err.Error(), "--report") {
		t.Errorf("report to a folder: %v", err)
	}
}

// TestMatchProvenComments: from an opening of 8 warriors, which the
// built-in database proves, every searched move's PGN comment, in the
// PGN file and in the report, is a proven value in the mate form.
func TestMatchProvenComments(t *testing.T) {
	dir := t.TempDir()
	openings, games, report := filepath.Join(dir, "o.txt"), filepath.Join(dir, "g.pgn"), filepath.Join(dir, "r.html")
	if err := os.WriteFile(openings, []byte("1.0.1.1.0.0.0.1.0.0/0.1.0.1.0.0.1.0.0.1 30-22 s 28\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCLI(t, "match", "--player1", "engine:depth=3", "--player2", "engine:depth=3", "--games", "2",
		"--openings", openings, "--pgnout", games, "--report", report); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(games)
	if err != nil {
		t.Fatal(err)
	}
	read, err := pgn.ReadAll(bytes.NewReader(text))
	if err != nil || len(read) != 2 {
		t.Fatalf("%d games, %v", len(read), err)
	}
	proven := regexp.MustCompile(`^([+-]M[1-9]\d*|M0)/\d+ \d+\.\d{3}s$`)
	var first string
	for _, g := range read {
		for _, m := range g.Moves {
			if !proven.MatchString(m.Comment) {
				t.Errorf("move %s: comment %q, want a proven value (+M4/3 0.001s)", m.Text, m.Comment)
			}
			if first == "" {
				first = m.Comment
			}
		}
	}
	b, err := os.ReadFile(report)
	if err != nil || first == "" || !strings.Contains(html.UnescapeString(string(b)), "{"+first+"}") {
		t.Errorf("the report's PGN lacks the proven comment {%s} (%v)", first, err)
	}
}
