// Tests of kiothi solve's and kiothi egdb's checks in their flags' words
// (the errors of solve.Flags and egdb's BuildFlags and VerifyFlags name
// their fields; flagWords words them).

package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/solve"
)

func TestSolveFlagWords(t *testing.T) {
	p, err := position.ParseStart("0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3")
	if err != nil {
		t.Fatal(err)
	}
	good := solve.Flags{Threads: 1, HashMB: 1, Multiplier: 2, Table: "search", EGDB: "none"}
	for _, c := range []struct {
		set  func(*solve.Flags)
		want string
	}{
		{func(f *solve.Flags) { f.Objective, f.Multiplier = movegen.Match, 1 }, "--multiplier: "},
		{func(f *solve.Flags) { f.Threads = 0 }, "--threads 0"},
		{func(f *solve.Flags) { f.HashMB = 0 }, "--hash 0"},
		{func(f *solve.Flags) { f.HashMB, f.Threads = 1<<40, 2 }, "--hash"},
		{func(f *solve.Flags) { f.Table = "big" }, `--table "big": want search or simple`},
		{func(f *solve.Flags) { f.TimeLimit = -time.Second }, "--time-limit -1s: must not be negative"},
		{func(f *solve.Flags) { f.EGDB = filepath.Join(t.TempDir(), "none.kdb") }, "--egdb: "},
	} {
		f := good
		c.set(&f)
		_, _, err := f.Options(&p)
		if err == nil || strings.Contains(err.Error(), "\uFFFF") {
			t.Fatalf("%s: got %q", c.want, err)
		}
		if worded := flagWords(err, solveFlags); !strings.HasPrefix(worded.Error(), c.want) {
			t.Errorf("got %v, want %q", worded, c.want)
		}
	}
	if _, _, err := good.Options(&p); err != nil {
		t.Errorf("good flags: %v", err)
	}
}

func TestEgdbFlagWords(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		err  error
		want string
	}{
		{(&egdb.BuildFlags{Max: 17, Out: filepath.Join(dir, "x")}).Check(), "--max 17: must be from 0 to 16"},
		{(&egdb.BuildFlags{Max: 3}).Check(), "--out: the file to write is needed"},
		{(&egdb.BuildFlags{Max: 3, From: filepath.Join(dir, "none"), Out: filepath.Join(dir, "x")}).Run(context.Background(), nil), "--from: "},
		{(&egdb.VerifyFlags{Positions: 0}).Run(context.Background(), nil, nil, nil), "--positions 0: must be from 1 to"},
		{(&egdb.VerifyFlags{Positions: 1, Sample: -1}).Run(context.Background(), nil, nil, nil), "--sample -1: must not be negative"},
	} {
		if c.err == nil {
			t.Fatalf("%s: accepted", c.want)
		}
		if worded := flagWords(c.err, egdbFlags); !strings.HasPrefix(worded.Error(), c.want) {
			t.Errorf("got %v, want %q", worded, c.want)
		}
	}
}
