// Tests of kiothi datagen's face: its flags checked in their words.

package datagen

import (
	"strings"
	"testing"
)

// TestFlagsCheck: each flag out of range is refused by its name, and the
// flags' defaults pass.
func TestFlagsCheck(t *testing.T) {
	good := Flags{Out: "x", Games: 1000, Seed: 1, Concurrency: 1, Nodes: 4000, HashMB: 8, Setup: 30,
		RandomPlies: 16, RandomProb: 0.1, MaxPlies: DefaultMaxPlies, StartShare: 0.25}
	if err := good.Check(); err != nil {
		t.Fatalf("the defaults: %v", err)
	}
	for _, c := range []struct {
		set  func(*Flags)
		want string
	}{
		{func(f *Flags) { f.Games = 0 }, "--games 0"},
		{func(f *Flags) { f.Games = MaxGames + 1 }, "--games"},
		{func(f *Flags) { f.Nodes = MaxNodes + 1 }, "--nodes"},
		{func(f *Flags) { f.Nodes, f.Depth = 0, 0 }, "--depth 0"},
		{func(f *Flags) { f.MaxPlies = 0 }, "--max-plies 0"},
		{func(f *Flags) { f.Out = "" }, "--out: a file name is required"},
		{func(f *Flags) { f.Setup = 20 }, "--setup 20: must be 30 or 25"},
		{func(f *Flags) { f.RandomProb = 2 }, "--random-prob 2"},
		{func(f *Flags) { f.StartShare = -1 }, "--start-share -1"},
	} {
		f := good
		c.set(&f)
		if err := f.Check(); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
	e := ExactFlags{Data: []string{"d"}, Out: t.TempDir() + "/x", Lo: 12, Hi: 22, N: 10, Seed: 1, Nodes: 1000, HashMB: DefaultExactHashMB, Concurrency: 1}
	if err := e.Check(); err != nil {
		t.Fatalf("exact defaults: %v", err)
	}
	for _, c := range []struct {
		set  func(*ExactFlags)
		want string
	}{
		{func(f *ExactFlags) { f.Nodes = -1 }, "--nodes -1"},
		{func(f *ExactFlags) { f.N = -1 }, "--n -1"},
		{func(f *ExactFlags) { f.Data = nil }, "--data: at least one"},
		{func(f *ExactFlags) { f.Out = "" }, "--out: a file name is required"},
		{func(f *ExactFlags) { f.Lo, f.Hi = 5, 4 }, "warriors 5 to 4"},
	} {
		f := e
		c.set(&f)
		if err := f.Check(); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
}
