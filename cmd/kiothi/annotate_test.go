// Tests of the annotate command run in-process.

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/pgn"
	"github.com/kiothi/kiothi/serve"
	"github.com/kiothi/kiothi/settings"
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

// POST /api/v1/annotate answers exactly what annotate --json prints at the
// same depth or node limit (one thread a search, the same table size):
// both are annotate.Report.
func TestAnnotateEndpointIsTheCommand(t *testing.T) {
	games, err := os.ReadFile(filepath.Join("..", "..", "annotate", "testdata", "weak4.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "g.pgn")
	if err := os.WriteFile(file, games, 0o644); err != nil {
		t.Fatal(err)
	}
	// The server's caps are the only difference allowed, so they are set
	// beyond what a depth-3 search takes even under the race detector (its
	// default 10 s cap stopped the opening's 64-line search at depth 2).
	// Its endgame database is the one both commands read by default.
	db, err := egdb.OpenSetting(settings.EGDB.Default)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(serve.New(serve.Config{HashMB: 8, MaxSearches: 2,
		MaxMoveTime: 10 * time.Minute, MaxAnalysisTime: 30 * time.Minute, DB: db}).Handler())
	defer srv.Close()
	for _, c := range []struct {
		flag, value string
		limits      map[string]any
	}{{"--depth", "3", map[string]any{"depth": 3}}, {"--nodes", "1500", map[string]any{"nodes": 1500}}} {
		cli, _, err := runCLI(t, "annotate", file, c.flag, c.value, "--json", "--hash", "8", "--concurrency", "2")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := json.Marshal(map[string]any{"pgn": string(games), "limits": c.limits})
		resp, err := http.Post(srv.URL+"/api/v1/annotate", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || string(got) != cli {
			t.Fatalf("%s %s: status %d, endpoint %d bytes, command %d bytes:\n%.600s\n---\n%.600s", c.flag, c.value, resp.StatusCode, len(got), len(cli), got, cli)
		}
		var v struct {
			Games []struct {
				Moves   []map[string]any `json:"moves"`
				Players []map[string]any `json:"players"`
				PGN     string           `json:"pgn"`
			} `json:"games"`
		}
		if err := json.Unmarshal(got, &v); err != nil || len(v.Games) != 4 {
			t.Fatalf("%v, %d games", err, len(v.Games))
		}
		for _, f := range []string{"ply", "number", "side", "move", "after", "best", "best_after", "win", "best_win", "loss", "proven", "comment"} {
			if _, ok := v.Games[0].Moves[1][f]; !ok {
				t.Errorf("move without %q: %v", f, v.Games[0].Moves[1])
			}
		}
		if _, ok := v.Games[0].Players[0]["accuracy"]; !ok || !strings.Contains(v.Games[0].PGN, "[Annotator \"kiothi annotate ") {
			t.Errorf("game: %v %.200s", v.Games[0].Players, v.Games[0].PGN)
		}
	}
}

// TestAnnotateTwice: a review of a reviewed game replaces the earlier
// review's comments and keeps the game's own (a match's {score/depth
// time}, a reader's note): reviewing twice writes what reviewing once
// wrote, the review's comment once a move.
func TestAnnotateTwice(t *testing.T) {
	dir := t.TempDir()
	games, once, twice := filepath.Join(dir, "g.pgn"), filepath.Join(dir, "once.pgn"), filepath.Join(dir, "twice.pgn")
	if _, _, err := runCLI(t, "match", "--player1", "engine:depth=1", "--player2", "greedy", "--games", "1", "--max-plies", "16", "--pgnout", games); err != nil {
		t.Fatal(err)
	}
	read := func(path string) *pgn.Game {
		t.Helper()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		gs, err := pgn.ReadAll(bytes.NewReader(b))
		if err != nil || len(gs) != 1 {
			t.Fatalf("%s: %d games, %v", path, len(gs), err)
		}
		return gs[0]
	}
	g := read(games)
	if len(g.Moves) < 4 {
		t.Fatalf("%d moves", len(g.Moves))
	}
	own := make([]string, len(g.Moves))
	g.Moves[1].Comment = "a reader's note"
	for i, m := range g.Moves {
		own[i] = m.Comment
	}
	if err := os.WriteFile(games, []byte(g.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2]string{{games, once}, {once, twice}} {
		if _, _, err := runCLI(t, "annotate", p[0], "--depth", "2", "--out", p[1], "--concurrency", "1"); err != nil {
			t.Fatal(err)
		}
	}
	a, b := read(once), read(twice)
	if a.String() != b.String() {
		t.Errorf("reviewed twice:\n%s\nonce:\n%s", b.String(), a.String())
	}
	review := regexp.MustCompile(`[+-]\d+\.\d\d(?: proven)? -> [+-]\d+\.\d\d`)
	for i, m := range b.Moves {
		if n := len(review.FindAllString(m.Comment, -1)); n != 1 || !strings.HasPrefix(m.Comment, own[i]) {
			t.Errorf("move %d %s: comment %q, want its own %q and one review's", i+1, m.Text, m.Comment, own[i])
		}
	}
	if strings.Count(b.String(), "[Annotator ") != 1 || strings.Count(b.String(), "[SouthReview ") != 1 {
		t.Errorf("tags repeated:\n%s", b.String())
	}
}
