// Tests of what match prints to a log (stderr not a terminal): a line a
// game, the Score lines; name= in the output; --state and --resume; the
// report's content.

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestMatchLogLines: a piped match prints cutechess-cli's "Finished game"
// line for every game and, at the end, the Score line with the Elo, its
// interval and the elapsed time; with --sprt the LLR too.
func TestMatchLogLines(t *testing.T) {
	out, errOut, err := runCLI(t, "match", "--player1", "engine:depth=2,name=deep", "--player2", "engine:depth=1", "--games", "4", "--max-plies", "300")
	if err != nil {
		t.Fatal(err)
	}
	fin := regexp.MustCompile(`(?m)^Finished game (\d+) \((.*) vs (.*)\): (1-0|0-1|1/2-1/2) \{(.+)\}$`).FindAllStringSubmatch(errOut, -1)
	if len(fin) != 4 {
		t.Fatalf("%d Finished lines, want 4:\n%s", len(fin), errOut)
	}
	for i, f := range fin {
		south, north := "deep", "engine:depth=1"
		if i%2 == 1 {
			south, north = north, south
		}
		if f[1] != fmt.Sprint(i+1) || f[2] != south || f[3] != north {
			t.Errorf("line %q: want game %d, %s vs %s", f[0], i+1, south, north)
		}
	}
	score := lastLine(out)
	if !strings.HasPrefix(score, "Score of deep vs engine:depth=1: ") || !strings.Contains(errOut, score+"\nElo difference: ") {
		t.Errorf("stderr lacks the final %q and its Elo line:\n%s", score, errOut)
	}
	if !regexp.MustCompile(`Elo difference: [-+0-9.inf]+, 95% interval \[[^]]+\], elapsed \d+:\d\d\n`).MatchString(errOut) {
		t.Errorf("no Elo line with interval and elapsed time:\n%s", errOut)
	}
	if strings.ContainsAny(errOut, "\r\x1b") {
		t.Errorf("a log got terminal redraws: %q", errOut)
	}
	_, errOut, err = runCLI(t, "match", "--player1", "greedy", "--player2", "random", "--sprt", "0,50,0.05,0.05", "--games", "12", "--max-plies", "200")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(errOut, "Score of greedy vs random: "); n < 2 {
		t.Errorf("%d Score lines in 12 games, want one at 10 and the last:\n%s", n, errOut)
	}
	if !strings.Contains(errOut, "] 10\nElo difference: ") || !regexp.MustCompile(`, LLR -?\d+\.\d\d \[-2\.94, 2\.94\], elapsed `).MatchString(errOut) {
		t.Errorf("no Score line at game 10 with its LLR:\n%s", errOut)
	}
}

// TestTournamentLogLines: a tournament's games are numbered through its
// pairings, and each pairing ends with its Score line.
func TestTournamentLogLines(t *testing.T) {
	_, errOut, err := runCLI(t, "match", "--player", "greedy", "--player", "random:name=rnd", "--player", "engine:depth=1", "--games", "2", "--max-plies", "200")
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 6; i++ {
		if !strings.Contains(errOut, fmt.Sprintf("Finished game %d (", i)) {
			t.Errorf("no line for game %d:\n%s", i, errOut)
		}
	}
	for _, want := range []string{"Score of greedy vs rnd: ", "Score of greedy vs engine:depth=1: ", "Score of rnd vs engine:depth=1: "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("no %q:\n%s", want, errOut)
		}
	}
}

// TestMatchState: --state keeps the match; an existing state is refused
// without --resume, one of other settings names the difference, and
// --resume of a finished match plays nothing and prints the same table.
func TestMatchState(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "m.json")
	args := []string{"match", "--player1", "engine:depth=1", "--player2", "greedy", "--games", "4", "--max-plies", "200", "--state", state}
	out, _, err := runCLI(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCLI(t, args...); err == nil || !strings.Contains(err.Error(), "exists: give --resume") {
		t.Errorf("existing state: %v", err)
	}
	if _, _, err := runCLI(t, append(args[:6:6], "6", "--max-plies", "200", "--state", state, "--resume")...); err == nil || !strings.Contains(err.Error(), "made with games 4, not 6") {
		t.Errorf("other settings: %v", err)
	}
	again, errOut, err := runCLI(t, append(args, "--resume")...)
	if err != nil || again != out || strings.Contains(errOut, "Finished game") {
		t.Errorf("resumed finished match (%v) printed\n%s\nwant\n%s\nstderr %s", err, again, out, errOut)
	}
	if _, _, err := runCLI(t, "match", "--player1", "greedy", "--player2", "random", "--resume"); err == nil || !strings.Contains(err.Error(), "--resume needs --state") {
		t.Errorf("--resume alone: %v", err)
	}
	if _, _, err := runCLI(t, "match", "--player1", "greedy", "--player2", "random", "--workers", "1", "--state", filepath.Join(dir, "w.json")); err == nil || !strings.Contains(err.Error(), "only a local two-player match") {
		t.Errorf("--state with --workers: %v", err)
	}
}

// TestMatchReportContent: the page lists the command, settings, date and
// builds, the standings as a table, every game with its PGN, the ends,
// forfeits and pentanomial pairs, and the LLR over the games.
func TestMatchReportContent(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.html")
	if _, _, err := runCLI(t, "match", "--player1", "greedy:name=G<1>", "--player2", "random", "--games", "6", "--max-plies", "200",
		"--sprt", "0,50,0.05,0.05", "--report", path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, want := range []string{"<code>kiothi match --games 6 --max-plies 200 --player1 &#39;greedy:name=G&lt;1&gt;&#39; --player2 random --report ", "<th>date</th>", "<th>max plies</th><td class=\"name\">200</td>",
		"<th>sprt</th><td class=\"name\">0,50,0.05,0.05</td>", "<th>time control</th>", "kiothi " + version, "G&lt;1&gt;",
		"pentanomial", "<h3>Ends</h3>", "Forfeits: player 1 0", `aria-label="LLR over 6 games"`, "max-width:1200px"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	rows := regexp.MustCompile(`<tr><td>(\d+)</td><td class="name">[^<]*</td><td class="name">[^<]*</td><td>(1-0|0-1|1/2-1/2)</td><td class="name">[^<]+</td><td>\d+</td><td class="name">1: startpos</td></tr>`).FindAllStringSubmatch(page, -1)
	if len(rows) != 6 {
		t.Errorf("%d game rows, want 6", len(rows))
	}
	if n := strings.Count(page, "<details><summary>PGN</summary><pre>[Event &#34;kiothi match&#34;]"); n != 6 {
		t.Errorf("%d PGNs, want 6", n)
	}
	if !strings.Contains(page, `[South &#34;G&lt;1&gt;&#34;]`) {
		t.Errorf("the PGN does not name player 1 by its name=")
	}
	if _, _, err := runCLI(t, "match", "--player", "greedy", "--player", "random", "--player", "engine:depth=1", "--games", "2", "--max-plies", "200", "--report", path); err != nil {
		t.Fatal(err)
	}
	b, _ = os.ReadFile(path)
	if !strings.Contains(string(b), `<table class="standings"><tr><th>rank</th>`) || strings.Contains(string(b), "<pre>rank") {
		t.Errorf("tournament standings are not a table:\n%.2000s", b)
	}
	if n := strings.Count(string(b), `<td class="name">engine:depth=1</td><td class="name"><code>engine:depth=1</code></td><td class="name">kiothi `); n != 1 {
		t.Errorf("players table: %d rows for engine:depth=1", n)
	}
}

// cancelAfter is a log that cancels the run once it has seen n lines
// starting with "Finished game".
type cancelAfter struct {
	strings.Builder
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	c.n -= strings.Count(string(p), "Finished game")
	if c.n <= 0 {
		c.cancel()
	}
	return c.Builder.Write(p)
}

// TestMatchResumeCommand: a match stopped (Ctrl-C) after 3 games exits
// 130 saying how to continue; --resume ends it with the table of an
// uninterrupted run.
func TestMatchResumeCommand(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "m.json")
	args := []string{"match", "--player1", "engine:nodes=300", "--player2", "greedy", "--games", "8", "--max-plies", "200"}
	whole, _, err := runCLI(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out strings.Builder
	log := &cancelAfter{n: 3, cancel: cancel}
	cmd := newRootCmd(strings.NewReader(""), &out, log)
	cmd.SetArgs(append(args, "--state", state))
	err = cmd.ExecuteContext(ctx)
	if exitCode(err) != 130 || !strings.Contains(err.Error(), "--resume --state "+state+" continues it") {
		t.Fatalf("stopped run: %v (exit %d)", err, exitCode(err))
	}
	resumed, errOut, err := runCLI(t, append(args, "--state", state, "--resume")...)
	if err != nil {
		t.Fatal(err)
	}
	if resumed != whole {
		t.Errorf("resumed table\n%s\nuninterrupted\n%s", resumed, whole)
	}
	if n := strings.Count(errOut, "Finished game"); n > 5 || n == 0 {
		t.Errorf("the resumed run played %d games, want the 5 or fewer left", n)
	}
}
