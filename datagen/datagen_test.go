// Tests of the data generator: the record format, determinism whatever
// the concurrency, resuming an interrupted file, labels that agree with
// the games.

package datagen

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/kiothi/kiothi/record"
	"github.com/kiothi/kiothi/search"
)

// testEngine stands for the build fingerprint node count in the tests' headers.
const testEngine = 42

func testConfig(games, conc int) Config {
	return Config{
		Games: games, Seed: 7, Concurrency: conc, HashMB: 1, Setup: 30,
		Limits: search.Limits{Nodes: 300}, RandomPlies: 8, RandomProb: 0.2, MaxPlies: 200,
	}
}

func generate(t *testing.T, cfg Config) []byte {
	t.Helper()
	var buf bytes.Buffer
	h := cfg.Header(testEngine)
	if err := record.WriteHeader(&buf, &h); err != nil {
		t.Fatal(err)
	}
	st, err := Run(context.Background(), cfg, &buf, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != cfg.Games || st.Positions == 0 {
		t.Fatalf("stats %+v", st)
	}
	return buf.Bytes()
}

// byGame sorts a file's records by game, keeping each game's order.
func byGame(t *testing.T, data []byte) map[uint32][]record.Record {
	t.Helper()
	recs, err := record.ReadAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	out := map[uint32][]record.Record{}
	for _, r := range recs {
		out[r.Game] = append(out[r.Game], r)
	}
	return out
}

// TestDeterministic: the same games whatever the concurrency, and labels
// that agree with a replay of each game.
func TestDeterministic(t *testing.T) {
	one := byGame(t, generate(t, testConfig(6, 1)))
	three := byGame(t, generate(t, testConfig(6, 3)))
	if len(one) != 6 {
		t.Fatalf("%d games", len(one))
	}
	random := 0
	for k, g := range one {
		h := three[k]
		if len(g) != len(h) {
			t.Fatalf("game %d: %d positions with one worker, %d with three", k, len(g), len(h))
		}
		for i := range g {
			if g[i] != h[i] {
				t.Fatalf("game %d position %d differs", k, i)
			}
		}
		// Consecutive records alternate sides and carry one final
		// margin, negated for North.
		for i, r := range g {
			if r.Random {
				random++
			}
			if i > 0 && g[i-1].Pos.Side() == r.Pos.Side() {
				t.Fatalf("game %d: two records in a row with %s to move", k, r.Pos.Side())
			}
			m := g[0].Margin
			if g[0].Pos.Side() != r.Pos.Side() {
				m = -m
			}
			if r.Margin != m {
				t.Fatalf("game %d position %d: margin %d, want %d", k, i, r.Margin, m)
			}
		}
	}
	if random == 0 {
		t.Fatal("no random move in six games at probability 0.2")
	}
}

// TestResume: a file cut in the middle of a game resumes to the same games
// as an uninterrupted run.
func TestResume(t *testing.T) {
	cfg := testConfig(5, 2)
	full := generate(t, cfg)
	want := byGame(t, full)
	dir := t.TempDir()
	path := filepath.Join(dir, "d.bin")
	cut := len(full)/2 + 7 // mid-record, mid-game
	if err := os.WriteFile(path, full[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	h := cfg.Header(testEngine)
	if _, _, err := OpenOutput(path, &h, false); err == nil {
		t.Fatal("an existing file was opened without resume")
	}
	f, done, err := OpenOutput(path, &h, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(done) == 0 || len(done) >= 5 {
		t.Fatalf("%d games kept from half a file", len(done))
	}
	if _, err := Run(context.Background(), cfg, f, done, nil); err != nil {
		t.Fatal(err)
	}
	f.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := byGame(t, data)
	if len(got) != len(want) {
		t.Fatalf("%d games after resume, want %d", len(got), len(want))
	}
	for k, g := range want {
		if len(got[k]) != len(g) {
			t.Fatalf("game %d: %d positions after resume, want %d", k, len(got[k]), len(g))
		}
	}
}

// TestCancel: a cancelled run returns promptly with whole games only.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var buf bytes.Buffer
	cfg := testConfig(1000, 2)
	h := cfg.Header(testEngine)
	if err := record.WriteHeader(&buf, &h); err != nil {
		t.Fatal(err)
	}
	st, err := Run(ctx, cfg, &buf, nil, func(s Stats) {
		if s.Games >= 2 {
			cancel()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Games < 2 || st.Games >= 1000 {
		t.Fatalf("%d games", st.Games)
	}
	if recs, err := record.ReadAll(&buf); err != nil || len(recs) != st.Positions {
		t.Fatalf("%d records read (%v) of %d positions written: a partial game was written", len(recs), err, st.Positions)
	}
}
