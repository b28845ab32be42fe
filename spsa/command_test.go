// Tests of kiothi spsa's face: its flags checked and the run's settings.

package spsa

import (
	"crypto/sha256"
	"fmt"
	"github.com/kiothi/kiothi/internal/interrupt"
	"os"
	"strings"
	"testing"
	"time"
)

// TestPlanSettings: the settings a resumed run must match name the
// players' settings, pairs, the openings file's hash, max plies and the
// rules; the flags' errors name the flag.
func TestPlanSettings(t *testing.T) {
	const openings = "../testdata/openings.txt"
	data, err := os.ReadFile(openings)
	if err != nil {
		t.Fatal(err)
	}
	f := Flags{Params: "rfpMargin, lmrDiv", Iterations: 3, Pairs: 2, PlayerLimits: "nodes=300,hash=1",
		Openings: openings, Seed: 1, Concurrency: 1, MaxPlies: 60, MoveTimeout: time.Minute}
	p, err := f.Plan()
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("player-limits=nodes=300,hash=1 pairs=2 openings=sha256:%x max-plies=60 free-first-lap=false", sha256.Sum256(data))
	if p.Config.Settings != want {
		t.Errorf("settings %q, want %q", p.Config.Settings, want)
	}
	if len(p.Config.Knobs) != 2 || p.Config.Knobs[0].Name != "rfpMargin" || p.Config.Knobs[1].Name != "lmrDiv" {
		t.Errorf("knobs %+v", p.Config.Knobs)
	}
	if len(p.Openings) == 0 || p.Base.Game.MaxPlies != 60 || p.PlayerMB <= 0 {
		t.Errorf("plan %+v", p)
	}
	for _, c := range []struct {
		set  func(*Flags)
		want string
	}{
		{func(f *Flags) { f.Params = "nosuch" }, "--params: "},
		{func(f *Flags) { f.Rate = 2 }, "--rate 2: "},
		{func(f *Flags) { f.Iterations = 0 }, "--iterations 0"},
		{func(f *Flags) { f.MaxPlies = -1 }, "--max-plies -1: must not be negative"},
		{func(f *Flags) { f.MoveTimeout = 0 }, "--move-timeout 0s: must be positive"},
		{func(f *Flags) { f.PlayerLimits = "param.lmrDiv=3" }, "--player-limits: no param.NAME"},
		{func(f *Flags) { f.Openings = "" }, "--openings FILE is required"},
		{func(f *Flags) { f.PlayerLimits = "nosuch=1" }, "--player-limits: "},
	} {
		g := f
		c.set(&g)
		if _, err := g.Plan(); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
}

func TestInterruptedSays(t *testing.T) {
	for _, c := range []struct {
		e    *interrupt.Stopped
		want string
	}{
		{interrupted(3, 10, ""), "spsa interrupted after 3 of 10 iterations; no state kept (no --state)"},
		{interrupted(3, 10, "s.json"), "spsa interrupted after 3 of 10 iterations; --resume --state s.json continues it"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}
