// Tests of Build: negamax consistency, determinism across threads,
// interruption and resume, shards.

package book

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// tinyConfig is a build small enough for every test.
func tinyConfig(t *testing.T, name string) Config {
	t.Helper()
	return Config{
		Out:       filepath.Join(t.TempDir(), name),
		Root:      position.Start(30),
		Plies:     6,
		Positions: 20,
		Limits:    search.Limits{Depth: 2},
		Threads:   2,
		NewEngine: newFake(movegen.Rules{}, nil, nil),
	}
}

func mustBuild(t *testing.T, cfg Config) (*Book, []byte) {
	t.Helper()
	sum, err := Build(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Interrupted {
		t.Fatal("build reports an interruption")
	}
	data, err := os.ReadFile(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return b, data
}

// checkNegamax verifies what the format promises about values: each
// record's value is minus the best value of the position it leads to (when
// that position has records), and the best move of a position weighs 1000.
func checkNegamax(t *testing.T, b *Book) {
	t.Helper()
	for i := range b.entries {
		if i == 0 || b.keys[i] != b.keys[i-1] {
			if b.entries[i].Weight != 1000 {
				t.Errorf("record %d: best move weighs %d, want 1000", i+1, b.entries[i].Weight)
			}
		}
	}
	seen := map[uint64]bool{}
	queue := b.Roots()
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p.KeyWithPrisons()] {
			continue
		}
		seen[p.KeyWithPrisons()] = true
		for _, e := range b.Probe(p) {
			q, err := movegen.Apply(p, e.Move, b.rules.Rules)
			if err != nil {
				t.Fatalf("%s in %s: %v", e.Move, p, err)
			}
			if next := b.Probe(q); next != nil {
				if e.Value != -next[0].Value {
					t.Errorf("%s %s: value %d, but the position after it is worth %d to its mover", p, e.Move, e.Value, next[0].Value)
				}
				if e.Depth != min(next[0].Depth+1, 255) {
					t.Errorf("%s %s: depth %d, the best line below is %d deep", p, e.Move, e.Depth, next[0].Depth)
				}
			}
			queue = append(queue, q)
		}
	}
}

func TestBuildNegamaxAndBudget(t *testing.T) {
	var n atomic.Int64
	cfg := tinyConfig(t, "a.kbk")
	cfg.NewEngine = newFake(movegen.Rules{}, &n, nil)
	var progress []Progress
	cfg.Progress = func(p Progress) { progress = append(progress, p) }
	b, _ := mustBuild(t, cfg)
	checkNegamax(t, b)
	s := b.Stats()
	if s.Positions != cfg.Positions {
		t.Errorf("book has %d positions with moves, want the budget %d", s.Positions, cfg.Positions)
	}
	if s.Redistributions == 0 {
		t.Error("no redistribution in a book from the start")
	}
	root := b.Probe(position.Start(30))
	if len(root) != cfg.Candidates && len(root) != 6 {
		t.Errorf("root has %d moves, want the engine's 6 candidates", len(root))
	}
	if len(progress) == 0 || progress[len(progress)-1].Done != cfg.Positions {
		t.Errorf("progress reports %v, want the last at %d done", progress, cfg.Positions)
	}
	if n.Load() == 0 {
		t.Error("no search was run")
	}
	// Depth of a line never exceeds plies + the leaf search's depth.
	for _, e := range b.entries {
		if e.Depth > cfg.Plies+cfg.Limits.Depth {
			t.Fatalf("depth %d beyond plies %d + search depth %d", e.Depth, cfg.Plies, cfg.Limits.Depth)
		}
	}
}

func TestBuildSameForAnyThreads(t *testing.T) {
	cfg := tinyConfig(t, "one.kbk")
	cfg.Threads = 1
	_, one := mustBuild(t, cfg)
	cfg.Out = filepath.Join(t.TempDir(), "four.kbk")
	cfg.Threads = 4
	_, four := mustBuild(t, cfg)
	if !bytes.Equal(one, four) {
		t.Fatal("the book depends on --threads")
	}
}

func TestBuildInterruptAndResume(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var n atomic.Int64
	var once sync.Once
	cfg := tinyConfig(t, "r.kbk")
	cfg.Positions = 30
	cfg.NewEngine = newFake(movegen.Rules{}, &n, func() {
		if n.Load() > 150 {
			once.Do(cancel)
		}
	})
	sum, err := Build(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Interrupted {
		t.Fatalf("build not interrupted: %+v", sum)
	}
	part, err := Open(cfg.Out)
	if err != nil {
		t.Fatalf("interrupted build left no valid book: %v", err)
	}
	if got := part.Stats().Positions; got == 0 || got >= cfg.Positions {
		t.Fatalf("interrupted book has %d positions, want some but fewer than %d", got, cfg.Positions)
	}
	checkNegamax(t, part)

	cfg.Resume = true
	cfg.NewEngine = newFake(movegen.Rules{}, nil, nil)
	full, _ := mustBuild(t, cfg)
	checkNegamax(t, full)
	if got := full.Stats().Positions; got != cfg.Positions {
		t.Fatalf("resumed book has %d positions, want %d", got, cfg.Positions)
	}
	// Everything the first run expanded is still there.
	keepsMoves(t, "resumed book", part, full)

	// Resuming a book of another root, or of other rules, is refused.
	cfg.Root = position.Start(25)
	if _, err := Build(context.Background(), cfg); err == nil {
		t.Error("resume from another root accepted")
	}
	cfg.Root = position.Start(30)
	cfg.Rules.FreeFirstLap = true
	if _, err := Build(context.Background(), cfg); err == nil {
		t.Error("resume under other rules accepted")
	}
}

func TestBuildShardsAndMerge(t *testing.T) {
	cfg := tinyConfig(t, "s1.kbk")
	cfg.Positions = 12
	cfg.Shard = Shard{1, 2}
	s1, _ := mustBuild(t, cfg)
	cfg.Out = filepath.Join(filepath.Dir(cfg.Out), "s2.kbk")
	cfg.Shard = Shard{2, 2}
	s2, _ := mustBuild(t, cfg)
	root := position.Start(30)
	// The two shards expand different root moves (beyond the root itself).
	moves := func(b *Book) map[position.GameMove]bool {
		m := map[position.GameMove]bool{}
		for _, e := range b.Probe(root) {
			q, _ := movegen.Apply(root, e.Move, movegen.Rules{})
			if b.Probe(q) != nil {
				m[e.Move] = true
			}
		}
		return m
	}
	m1, m2 := moves(s1), moves(s2)
	if len(m1) == 0 || len(m2) == 0 {
		t.Fatalf("a shard expanded no root move: %d and %d", len(m1), len(m2))
	}
	for m := range m1 {
		if m2[m] {
			t.Errorf("both shards expanded root move %s", m)
		}
	}

	out := filepath.Join(filepath.Dir(cfg.Out), "merged.kbk")
	merged, err := MergeFiles(out, filepath.Join(filepath.Dir(cfg.Out), "s1.kbk"), cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	checkNegamax(t, merged)
	mm := moves(merged)
	if len(mm) != len(m1)+len(m2) {
		t.Errorf("merged book expands %d root moves, want %d + %d", len(mm), len(m1), len(m2))
	}
	for _, b := range []*Book{s1, s2} {
		keepsMoves(t, "merge", b, merged)
	}
	// Merging a book with itself changes nothing.
	again, err := Merge(merged, merged)
	if err != nil {
		t.Fatal(err)
	}
	if orig, _ := os.ReadFile(out); !bytes.Equal(again, orig) {
		t.Error("merging a book with itself changed it")
	}
}

func TestMergeDifferentRules(t *testing.T) {
	cfg := tinyConfig(t, "a.kbk")
	cfg.Positions = 2
	mustBuild(t, cfg)
	a := cfg.Out
	cfg.Out = filepath.Join(t.TempDir(), "b.kbk")
	cfg.Rules.FreeFirstLap = true
	mustBuild(t, cfg)
	out := filepath.Join(t.TempDir(), "c.kbk")
	_, err := MergeFiles(out, a, cfg.Out)
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("different rules")) {
		t.Fatalf("merge of different rules: got %v, want a different-rules error", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("a failed merge left an output file")
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 0 {
		t.Errorf("a failed merge left %d files behind", len(entries))
	}
}

func TestBuildRejectsBadConfig(t *testing.T) {
	for _, mod := range []func(*Config){
		func(c *Config) { c.Plies = -1 },
		func(c *Config) { c.Positions = -5 },
		func(c *Config) { c.Threads = -1 },
		func(c *Config) { c.Shard = Shard{3, 2} },
		func(c *Config) { c.Out = "" },
		func(c *Config) { c.Out = filepath.Join(c.Out, "no", "such", "dir.kbk") },
	} {
		cfg := tinyConfig(t, "x.kbk")
		cfg.Positions = 1
		mod(&cfg)
		if _, err := Build(context.Background(), cfg); err == nil {
			t.Errorf("config %+v accepted", cfg)
		}
	}
}

// keepsMoves fails the test unless every move of from is in to, under the
// same key.
func keepsMoves(t *testing.T, what string, from, to *Book) {
	t.Helper()
	for i, k := range from.keys {
		lo, hi := to.span(k)
		found := false
		for j := lo; j < hi; j++ {
			found = found || to.entries[j].Move == from.entries[i].Move
		}
		if !found {
			t.Fatalf("%s lost %s of key %016x", what, from.entries[i].Move, k)
		}
	}
}
