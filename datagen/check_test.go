// Tests of CheckGame: every game PlayGame plays passes, and forged or
// damaged records are refused with the reason.

package datagen

import (
	"context"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/record"
	"github.com/kiothi/kiothi/search"
)

// playGames plays games 0..n-1 of cfg.
func playGames(t *testing.T, cfg Config, n int) [][]record.Record {
	t.Helper()
	eng, err := search.NewEngine(cfg.EngineOptions())
	if err != nil {
		t.Fatal(err)
	}
	var out [][]record.Record
	for k := 0; k < n; k++ {
		recs, err := PlayGame(context.Background(), &cfg, eng, uint32(k))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, recs)
	}
	return out
}

// TestCheckGameAccepts: the games of several settings pass, among them
// games from starts, in variant 25 and free-first-lap, cut at max plies,
// with random moves and proven scores.
func TestCheckGameAccepts(t *testing.T) {
	start := mustStart(t)
	capped := testConfig(0, 1)
	capped.MaxPlies = 12
	v25 := testConfig(0, 1)
	v25.Setup = 25
	v25.Rules = movegen.Rules{FreeFirstLap: true}
	starts := testConfig(0, 1)
	starts.Starts, starts.StartShare = []position.Position{start}, 0.5
	random, proven, atMax := 0, 0, 0
	for name, cfg := range map[string]Config{"plain": testConfig(0, 1), "capped": capped, "25 free": v25, "starts": starts} {
		for k, recs := range playGames(t, cfg, 6) {
			if err := cfg.CheckGame(uint32(k), recs); err != nil {
				t.Fatalf("%s game %d: %v", name, k, err)
			}
			for _, r := range recs {
				if r.Random {
					random++
				}
				if r.Proven {
					proven++
				}
			}
			if len(recs) == capped.MaxPlies {
				atMax++
			}
		}
	}
	if random == 0 || proven == 0 || atMax == 0 {
		t.Fatalf("%d random moves, %d proven scores, %d games cut at max plies: the test misses a case", random, proven, atMax)
	}
}

// TestCheckGameRefuses: a real game altered in one way each is refused,
// the error saying what is wrong.
func TestCheckGameRefuses(t *testing.T) {
	cfg := testConfig(0, 1)
	games := playGames(t, cfg, 8)
	k := -1
	for i, g := range games { // a decided game, long enough to alter
		if len(g) > 6 && g[0].Margin != 0 {
			k = i
			break
		}
	}
	if k < 0 {
		t.Fatal("no decided game of more than 6 positions")
	}
	for _, c := range []struct {
		name  string
		alter func(recs []record.Record) []record.Record
		want  string
	}{
		{"forged labels", func(recs []record.Record) []record.Record {
			for i := range recs {
				recs[i].Score, recs[i].Margin, recs[i].Proven = 1234, 40, false
			}
			return recs
		}, "margin 40"},
		{"margins negated", func(recs []record.Record) []record.Record {
			for i := range recs {
				recs[i].Margin = -recs[i].Margin
			}
			return recs
		}, "final margin"},
		{"game number", func(recs []record.Record) []record.Record { recs[3].Game++; return recs }, "position 4: game number"},
		{"swapped", func(recs []record.Record) []record.Record { recs[2], recs[3] = recs[3], recs[2]; return recs }, "by no legal move"},
		{"cut short", func(recs []record.Record) []record.Record { return recs[:len(recs)-2] }, "final margin"},
		{"other start", func(recs []record.Record) []record.Record { return recs[1:] }, "two redistributions"},
		{"proven 1234", func(recs []record.Record) []record.Record { recs[1].Proven, recs[1].Score = true, 1234; return recs }, "not a proven game value"},
		{"unproven 25000", func(recs []record.Record) []record.Record { recs[1].Proven, recs[1].Score = false, 25000; return recs }, "proven band"},
		{"late random", func(recs []record.Record) []record.Record { recs[cfg.RandomPlies].Random = true; return recs }, "random move at ply 8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "late random" && len(games[k]) <= cfg.RandomPlies {
				t.Skip("game too short")
			}
			recs := c.alter(append([]record.Record(nil), games[k]...))
			err := cfg.CheckGame(uint32(k), recs)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one saying %q", err, c.want)
			}
		})
	}
	// The same game is not game k+1, nor game k of another seed (its
	// start differs when drawn from the starts).
	st := testConfig(0, 1)
	st.Starts, st.StartShare = []position.Position{mustStart(t)}, 1
	g := playGames(t, st, 1)[0]
	if err := st.CheckGame(0, g); err != nil {
		t.Fatal(err)
	}
	other := st
	other.Starts = []position.Position{position.Start(30)}
	if err := other.CheckGame(0, g); err == nil || !strings.Contains(err.Error(), "not the game's start") {
		t.Fatalf("a game from another start: %v", err)
	}
}

// BenchmarkCheckGame checks one game of the test settings (what the
// coordinator spends on each datagen result).
func BenchmarkCheckGame(b *testing.B) {
	cfg := testConfig(0, 1)
	cfg.RandomProb = 0
	eng, err := search.NewEngine(cfg.EngineOptions())
	if err != nil {
		b.Fatal(err)
	}
	recs, err := PlayGame(context.Background(), &cfg, eng, 0)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := cfg.CheckGame(0, recs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(recs)), "positions")
}

// FuzzCheckGame: any bytes are refused or pass as game 0 of the test
// settings, never a panic; a real game passes.
func FuzzCheckGame(f *testing.F) {
	cfg := testConfig(0, 1)
	eng, err := search.NewEngine(cfg.EngineOptions())
	if err != nil {
		f.Fatal(err)
	}
	recs, err := PlayGame(context.Background(), &cfg, eng, 0)
	if err == nil {
		err = cfg.CheckGame(0, recs)
	}
	if err != nil {
		f.Fatal(err)
	}
	f.Add(record.AppendRecords(nil, recs))
	f.Add(record.AppendRecords(nil, recs[:1]))
	f.Fuzz(func(t *testing.T, in []byte) {
		got, err := record.DecodeAll(in)
		if err != nil {
			return
		}
		cfg.CheckGame(0, got)
	})
}
