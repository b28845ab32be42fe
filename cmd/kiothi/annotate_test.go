// Tests of the annotate command run in-process.

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/pgn"
)

func TestAnnotateCommand(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "g.pgn")
	if _, _, err := runCLI(t, "match", "--player1", "engine:depth=1", "--player2", "random", "--games", "2", "--max-plies", "30", "--pgnout", games); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "a.pgn")
	stdout, _, err := runCLI(t, "annotate", games, "--depth", "2", "--out", out, "--concurrency", "2")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stdout, "player ") || !strings.Contains(stdout, "engine:depth=1") || !strings.Contains(stdout, "random") {
		t.Errorf("table:\n%s", stdout)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	read, err := pgn.ReadAll(f)
	if err != nil || len(read) != 2 {
		t.Fatalf("%d games, %v", len(read), err)
	}
	for _, g := range read {
		if g.Tag("Annotator") != "kiothi annotate depth 2" || g.Tag("SouthReview") == "" || len(g.Moves) != 30 {
			t.Errorf("game %+v", g)
		}
		for _, m := range g.Moves {
			if !strings.Contains(m.Comment, " -> ") {
				t.Errorf("comment %q", m.Comment)
			}
		}
	}
	js, _, err := runCLI(t, "annotate", games, "--depth", "1", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Games []struct {
			Moves []struct {
				Move string `json:"move"`
			} `json:"moves"`
		} `json:"games"`
		Players []struct {
			Name string `json:"name"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(js), &v); err != nil || len(v.Games) != 2 || len(v.Games[0].Moves) != 30 || len(v.Players) != 2 {
		t.Errorf("json %v: %.300s", err, js)
	}
}

func TestAnnotateCommandBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.pgn")
	os.WriteFile(bad, []byte("[Event \"x\"]\n\n1. ij:a3b2F5 zz *\n"), 0o644)
	broken := filepath.Join(dir, "broken.pgn")
	os.WriteFile(broken, []byte("[Event \"x\"]\n[Site \"y]\n"), 0o644)
	empty := filepath.Join(dir, "empty.pgn")
	os.WriteFile(empty, nil, 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"annotate", bad, "--depth", "1"}, "game 1 (line 1): move 1... zz"},
		{[]string{"annotate", broken}, "pgn line 2: tag Site"},
		{[]string{"annotate", empty}, "no games"},
		{[]string{"annotate", bad, "--depth", "1", "--nodes", "5"}, "at most one"},
		{[]string{"annotate", bad, "--depth", "0"}, "--depth 0"},
		{[]string{"annotate", bad, "--out", dir}, "it is a folder"},
		{[]string{"annotate", filepath.Join(dir, "none.pgn")}, "none.pgn"},
	} {
		t.Run(caseName(c.args), func(t *testing.T) {
			_, _, err := runCLI(t, c.args...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
}

// Through two local workers the annotated games and the table are the
// ones the in-process review writes at the same depth or node limit.
func TestAnnotateCommandThroughWorkers(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "g.pgn")
	if _, _, err := runCLI(t, "match", "--player1", "engine:depth=1", "--player2", "random", "--games", "2", "--max-plies", "24", "--pgnout", games); err != nil {
		t.Fatal(err)
	}
	for _, limit := range [][]string{{"--depth", "4"}, {"--nodes", "3000"}} {
		local, workers := filepath.Join(dir, "local.pgn"), filepath.Join(dir, "workers.pgn")
		tableLocal, _, err := runCLI(t, append([]string{"annotate", games, "--out", local, "--concurrency", "2"}, limit...)...)
		if err != nil {
			t.Fatal(err)
		}
		tableWorkers, _, err := runCLI(t, append([]string{"annotate", games, "--out", workers, "--concurrency", "4", "--workers", "2"}, limit...)...)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := os.ReadFile(local)
		b, _ := os.ReadFile(workers)
		if len(a) == 0 || string(a) != string(b) || tableLocal != tableWorkers {
			t.Fatalf("%v through workers:\n%s%s\nin-process:\n%s%s", limit, tableWorkers, b, tableLocal, a)
		}
		if !strings.Contains(string(a), ", best ") {
			t.Errorf("%v: no move other than the best in the review:\n%s", limit, a)
		}
	}
}
