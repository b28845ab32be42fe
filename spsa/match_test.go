// Tests of the search knobs as SPSA knobs and of an iteration played as a
// match.

package spsa

import (
	"context"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

func TestSearchKnobs(t *testing.T) {
	all, err := SearchKnobs(nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, k := range all {
		names = append(names, k.Name)
	}
	if got := strings.Join(names, ","); got != "rfpDepth,rfpMargin,nullMinDepth,lmrFirst,lmrDiv,deltaMargin" {
		t.Errorf("default knobs %s", got)
	}
	ks, err := SearchKnobs([]string{"lmrDiv", "rfpMargin"})
	div, _ := search.LookupParam("lmrDiv")
	rfp, _ := search.LookupParam("rfpMargin")
	if err != nil || len(ks) != 2 || ks[0].Name != "lmrDiv" || ks[0].Start != div.Default || ks[1].Start != rfp.Default {
		t.Errorf("lmrDiv,rfpMargin: %+v %v", ks, err)
	}
	for names, want := range map[string]string{"nosuch": `unknown search param "nosuch"`, "qsRelays": "qsRelays is a switch"} {
		if _, err := SearchKnobs([]string{names}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one with %q", names, err, want)
		}
	}
	if err := (&Config{Knobs: ks, Iterations: 0}).Check(); err == nil || !strings.Contains(err.Error(), "iterations 0") {
		t.Errorf("0 iterations: %v", err)
	}
}

func TestSpec(t *testing.T) {
	ks, _ := SearchKnobs([]string{"rfpMargin", "lmrDiv"})
	got, err := Spec("nodes=4000", ks, []float64{143.6, 2.3456789})
	if err != nil || got != "engine:nodes=4000,param.rfpMargin=144,param.lmrDiv=2.34568" {
		t.Errorf("spec %q, %v", got, err)
	}
	if got, _ := Spec("", ks, []float64{150, 2.25}); got != "engine:param.rfpMargin=150,param.lmrDiv=2.25" {
		t.Errorf("spec without settings %q", got)
	}
}

// An iteration is a match of 2·pairs games between the two specs, the
// starts taken in turn, through the runner given.
func TestMatchGames(t *testing.T) {
	ks, _ := SearchKnobs([]string{"rfpMargin"})
	ops := []position.Position{position.Start(30), position.Start(20), position.Start(25)}
	var specs []string
	var starts []position.Position
	var seeds []uint64
	run := func(ctx context.Context, cfg match.Config, spec1, spec2 string) (*match.Summary, error) {
		specs = append(specs, spec1, spec2)
		starts = append(starts, cfg.Openings...)
		seeds = append(seeds, cfg.Seed)
		return match.Run(ctx, cfg)
	}
	base := match.Config{Seed: 100, Game: match.GameConfig{MaxPlies: 40}}
	games := MatchGames(base, "nodes=200,hash=1", ks, ops, 2, run)
	sc, err := games(context.Background(), 1, []float64{170}, []float64{130})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Wins+sc.Draws+sc.Losses != 4 {
		t.Errorf("score %+v: want 4 games", sc)
	}
	want := []string{"engine:nodes=200,hash=1,param.rfpMargin=170", "engine:nodes=200,hash=1,param.rfpMargin=130"}
	if strings.Join(specs, " ") != strings.Join(want, " ") {
		t.Errorf("specs %q, want %q", specs, want)
	}
	if len(starts) != 2 || starts[0] != ops[2] || starts[1] != ops[0] || seeds[0] != 101 {
		t.Errorf("iteration 1 of 2 pairs: starts %v seed %v, want the third and first openings and seed 101", starts, seeds)
	}
	if _, err := MatchGames(base, "nodes=200,bogus=1", ks, ops, 1, run)(context.Background(), 0, []float64{150}, []float64{150}); err == nil || !strings.Contains(err.Error(), "bogus") {
		t.Errorf("bad player settings: error %v", err)
	}
}
