// Tests of kiothi play's face: its flags checked in their words.

package play

import (
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/position"
)

func TestFlagsConfig(t *testing.T) {
	good := Flags{Side: "n", MoveTime: time.Second, Setup: 25, Color: "auto", Multiplier: 2, Terminal: true}
	cfg, err := good.Config()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Human != position.North || cfg.Setup != 25 || !cfg.Color || cfg.Book != nil {
		t.Errorf("config %+v", cfg)
	}
	for _, c := range []struct {
		set  func(*Flags)
		want string
	}{
		{func(f *Flags) { f.Side = "east" }, `--side "east": want south or north`},
		{func(f *Flags) { f.Setup = 20 }, "--setup 20: want 30 or 25"},
		{func(f *Flags) { f.Start = "x" }, "position "},
		{func(f *Flags) { f.Depth, f.DepthGiven = 0, true }, "--depth 0"},
		{func(f *Flags) { f.MoveTime = 0 }, "--movetime"},
		{func(f *Flags) { f.Multiplier = 1 }, "--multiplier 1"},
		{func(f *Flags) { f.Color = "pink" }, `--color "pink": want auto, always or never`},
	} {
		f := good
		c.set(&f)
		if _, err := f.Config(); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
}
