// Tests of the game job kind's checks.

package jobs

import (
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/position"
)

// A game job's clock and adjudication are checked on the worker with the
// bounds the command's flags have.
func TestGameJobBounds(t *testing.T) {
	base := `{"v":1,"run":"r","n":0,"build":{},"kind":"game","game":{"player1":"random","player2":"random","start":"startpos","number":0,"seed":1,"move_timeout_ms":60000,`
	for _, c := range []struct{ fields, want string }{
		{`"max_plies":10,"tc":"40/x"}}`, "game: tc: time control"},
		{`"max_plies":10,"tc":"inf"}}`, "no clock"},
		{`"max_plies":10,"tc":"10+0.1","time_margin_ms":6000}}`, "time_margin_ms 6000"},
		{`"max_plies":10,"adjudication":{"resign_moves":2}}}`, "resign score must be at least 1"},
		{`"max_plies":10,"adjudication":{"resign_moves":2000,"resign_score":500}}}`, "resign movecount 2000"},
		{`"max_plies":10,"adjudication":{"draw_from":1,"draw_moves":2,"draw_score":150}}}`, "whole warriors"},
		{`"max_plies":10,"adjudication":{"draw_moves":2}}}`, "draw movenumber 0"},
		{`"max_plies":10,"adjudication":{}}}`, "no rule"},
		{`"notes":true,"max_plies":0}}`, "max_plies 0 with notes"},
		// The bounds of --max-plies and --move-timeout.
		{`"max_plies":-1}}`, "max_plies -1"},
		{`"max_plies":1000001}}`, "max_plies 1000001"},
		{`"max_plies":10,"move_timeout_ms":0}}`, "move_timeout_ms 0"},
		{`"max_plies":10,"move_timeout_ms":-5}}`, "move_timeout_ms -5"},
	} {
		msg := strings.ReplaceAll(base+c.fields, "startpos", position.Start(30).String())
		_, err := cluster.ParseJob([]byte(msg))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.fields, err, c.want)
		}
	}
	good := strings.ReplaceAll(base+`"max_plies":10,"tc":"40/1:30+0.5","time_margin_ms":50,"adjudication":{"draw_from":10,"draw_moves":4,"draw_score":0,"proven":true},"notes":true}}`, "startpos", position.Start(30).String())
	j, err := cluster.ParseJob([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	p, err := j.Decode()
	if err != nil {
		t.Fatal(err)
	}
	gc, err := p.(*GameJob).config()
	if err != nil || gc.TC.Time != 90*time.Second || gc.TC.Moves != 40 || gc.TimeMargin != 50*time.Millisecond || gc.Adjudication.DrawFrom != 10 || !gc.Adjudication.Proven {
		t.Errorf("%+v %v", gc, err)
	}
}
