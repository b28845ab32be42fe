// Tests of tournaments: pairings, standings that add up, and the table.

package match

import (
	"context"
	"strings"
	"testing"
)

func TestKindPairs(t *testing.T) {
	if p := RoundRobin.Pairs(4); len(p) != 6 || p[0] != [2]int{0, 1} || p[5] != [2]int{2, 3} {
		t.Errorf("round robin: %v", p)
	}
	if p := Gauntlet.Pairs(4); len(p) != 3 || p[2] != [2]int{0, 3} {
		t.Errorf("gauntlet: %v", p)
	}
	if _, err := ParseKind("swiss"); err == nil {
		t.Error("swiss accepted")
	}
}

func TestTournament(t *testing.T) {
	specs := []string{"engine:depth=2", "greedy", "random"}
	var players []Factory
	for _, s := range specs {
		players = append(players, mustSpec(t, s))
	}
	tc, _, _ := ParseTC("1+0.02")
	base := Config{Games: 4, Concurrency: 2, Seed: 1, Game: GameConfig{MaxPlies: 300, TC: tc}}
	run := func(ctx context.Context, cfg Config, s1, s2 string) (*Summary, error) { return Run(ctx, cfg) }
	for _, kind := range []Kind{RoundRobin, Gauntlet} {
		tour, err := RunTournament(context.Background(), base, specs, players, kind, run)
		if err != nil {
			t.Fatal(err)
		}
		want := map[Kind]int{RoundRobin: 3, Gauntlet: 2}[kind]
		if len(tour.Pairs) != want {
			t.Fatalf("%v: %d pairings", kind, len(tour.Pairs))
		}
		// Every player's tally is the sum of its pairings' from its side.
		for _, st := range tour.Standings {
			var c Counts
			for _, s := range tour.Pairs {
				switch st.Name {
				case s.Name1:
					c.Wins, c.Draws, c.Losses = c.Wins+s.Counts.Wins, c.Draws+s.Counts.Draws, c.Losses+s.Counts.Losses
				case s.Name2:
					c.Wins, c.Draws, c.Losses = c.Wins+s.Counts.Losses, c.Draws+s.Counts.Draws, c.Losses+s.Counts.Wins
				}
			}
			if c != st.Counts {
				t.Errorf("%v %s: %+v, pairings say %+v", kind, st.Name, st.Counts, c)
			}
		}
		for i := 1; i < len(tour.Standings); i++ {
			if tour.Standings[i].Counts.Score() > tour.Standings[i-1].Counts.Score() {
				t.Errorf("%v: standings out of order: %+v", kind, tour.Standings)
			}
		}
		tab := tour.Table()
		for _, s := range specs {
			if !strings.Contains(tab, s) {
				t.Errorf("%v: table lacks %s:\n%s", kind, s, tab)
			}
		}
		if strings.Count(tab, "Score of ") != want {
			t.Errorf("%v: table:\n%s", kind, tab)
		}
	}
	if _, err := RunTournament(context.Background(), base, []string{"greedy", "greedy"}, []Factory{players[1], players[1]}, RoundRobin, run); err == nil || !strings.Contains(err.Error(), "both named") {
		t.Errorf("duplicate player: %v", err)
	}
}

// TestSpecName: name= labels any kind of player and is not an engine
// setting; the label is checked.
func TestSpecName(t *testing.T) {
	for spec, want := range map[string]string{"random:name=r": "r", "greedy:name= g ": "g", "engine:depth=2,name=deep,nodes=9": "deep",
		"engine:name=e": "e", "ugi:name=ext,kiothi ugi": "ext", "engine:depth=2": "engine:depth=2", "ugi:kiothi ugi --x name=y": "ugi:kiothi ugi --x name=y"} {
		f, err := ParseSpec(spec)
		if err != nil {
			t.Errorf("%s: %v", spec, err)
			continue
		}
		if f.Name != want || f.Spec != spec {
			t.Errorf("%s: name %q spec %q, want %q", spec, f.Name, f.Spec, want)
		}
	}
	if f, _ := ParseSpec("ugi:name=ext,kiothi ugi"); f.Build("v") != "external UGI engine: kiothi ugi" {
		t.Errorf("ugi build %q", f.Build("v"))
	}
	for spec, want := range map[string]string{"random:name=": "name= is empty", "engine:name=a,name=b": "name given twice",
		`engine:name=a"b`: "no quotes", "random:name=r,x=1": "takes no settings"} {
		if _, err := ParseSpec(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", spec, err, want)
		}
	}
	self := []Factory{mustSpec(t, "greedy"), mustSpec(t, "greedy")}
	if err := CheckNames(self, false); err != nil {
		t.Errorf("a spec against itself in a match: %v", err)
	}
	if err := CheckNames([]Factory{mustSpec(t, "greedy:name=x"), mustSpec(t, "random:name=x")}, false); err == nil || !strings.Contains(err.Error(), `both named "x"`) {
		t.Errorf("two players named x: %v", err)
	}
}
