// Tests of kiothi book build's face: its flags checked in their words.

package book

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func TestBuildFlagsCheck(t *testing.T) {
	good := BuildFlags{Config: Config{Out: "b.kbk", Plies: DefaultPlies, Positions: DefaultPositions, Threads: 1,
		Candidates: DefaultCandidates, Dropout: DefaultDropout, HashMB: 1, Checkpoint: time.Minute}, From: "startpos"}
	g := good
	if err := g.Check(); err != nil {
		t.Fatalf("the defaults: %v", err)
	}
	if g.Root.String() == "" || g.Limits.Depth != 0 {
		t.Errorf("root %v limits %+v", g.Root, g.Limits)
	}
	for _, c := range []struct {
		set  func(*BuildFlags)
		want string
	}{
		{func(f *BuildFlags) { f.Out = "" }, "--out: required"},
		{func(f *BuildFlags) { f.From = "x" }, "--from: "},
		{func(f *BuildFlags) { f.Plies = 0 }, "--plies 0"},
		{func(f *BuildFlags) { f.Positions = 0 }, "--positions 0"},
		{func(f *BuildFlags) { f.Candidates = 0 }, "--candidates 0"},
		{func(f *BuildFlags) { f.Dropout = -1 }, "--dropout -1"},
		{func(f *BuildFlags) { f.Depth, f.DepthGiven = 0, true }, "--depth 0"},
		{func(f *BuildFlags) { f.MoveTime, f.MoveTimeGiven = 0, true }, "--movetime"},
		{func(f *BuildFlags) { f.Checkpoint = -time.Second }, "--checkpoint -1s: must not be negative"},
		{func(f *BuildFlags) { f.Shard = "3/2" }, "--shard: "},
	} {
		f := good
		c.set(&f)
		if err := f.Check(); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
}

// TestWriteProbe: a line for each of Probe's entries, in its order; a
// move that cannot be played is refused by its number.
func TestWriteProbe(t *testing.T) {
	const path = "../testdata/book.kbk"
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	start := position.Start(30)
	var out bytes.Buffer
	if err := WriteProbe(&out, path, start, nil, movegen.Rules{}); err != nil {
		t.Fatal(err)
	}
	entries := b.Probe(start)
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(entries) == 0 || len(lines) != len(entries) || !strings.HasPrefix(lines[0], entries[0].Move.String()+" weight ") {
		t.Errorf("probe:\n%s", out.String())
	}
	if err := WriteProbe(&out, path, start, []string{"zz"}, movegen.Rules{}); err == nil || !strings.HasPrefix(err.Error(), "move 1: ") {
		t.Errorf("a bad move: %v", err)
	}
}

// TestOpenPlayerCompatible: a player of the shipped book (standard
// rules) is compatible with those rules only, and a start of another
// setup is refused.
func TestOpenPlayerCompatible(t *testing.T) {
	p, err := OpenPlayer("../testdata/book.kbk", position.Start(30), movegen.Rules{}, false, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Compatible(movegen.Rules{}); err != nil {
		t.Errorf("its own rules: %v", err)
	}
	if err := p.Compatible(movegen.Rules{FreeFirstLap: true}); err == nil {
		t.Error("free-first-lap: no error")
	}
	if _, err := OpenPlayer("../testdata/book.kbk", position.Start(25), movegen.Rules{}, false, 1); err == nil {
		t.Error("setup 25: no error")
	}
}
