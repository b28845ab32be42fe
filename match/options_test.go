// Tests of Options.Config: the move time a UGI player gets when none is
// given, the time given twice, bounds named by flag.

package match

import (
	"strings"
	"testing"
	"time"
)

func TestOptionsConfig(t *testing.T) {
	ugi, eng := mustSpec(t, "ugi:kiothi ugi"), mustSpec(t, "engine:depth=1")
	base := Options{Players: []Factory{ugi, eng}, Concurrency: 1, Multiplier: 2, MoveTimeout: time.Minute}
	cfg, err := base.Config()
	if err != nil || cfg.Game.MoveTime != ExternalMoveTime || len(cfg.Openings) != 1 {
		t.Errorf("ugi player, no time: %v %v %d openings", err, cfg.Game.MoveTime, len(cfg.Openings))
	}
	o := base
	o.TC = "10+0.1"
	if cfg, err := o.Config(); err != nil || cfg.Game.MoveTime != 0 || !cfg.Game.TC.On() {
		t.Errorf("on a clock: %v %v", err, cfg.Game.MoveTime)
	}
	o = base
	o.Players = []Factory{eng, mustSpec(t, "greedy")}
	if cfg, err := o.Config(); err != nil || cfg.Game.MoveTime != 0 {
		t.Errorf("players with their own limits: %v %v", err, cfg.Game.MoveTime)
	}
	for _, c := range []struct {
		change func(*Options)
		want   string
	}{
		{func(o *Options) { o.TC, o.MoveTime = "10+0.1", time.Second }, "--tc and --movetime both set the time"},
		{func(o *Options) { o.Games = -1 }, "--games -1"},
		{func(o *Options) { o.MaxPlies = -1 }, "--max-plies -1"},
		{func(o *Options) { o.SPRT = "1,2" }, "--sprt"},
		{func(o *Options) { o.Resign = "x" }, "--resign"},
		{func(o *Options) { o.Openings = "/no/such/file" }, "--openings"},
	} {
		o := base
		c.change(&o)
		if _, err := o.Config(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v, want %q", err, c.want)
		}
	}
}
