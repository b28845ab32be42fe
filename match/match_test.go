// Tests of the players, the game runner, the match runner and the specs.

package match

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/limits"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func TestGreedyTakesBiggestCapture(t *testing.T) {
	// RULES.md §9: j11 captures 10 (opposite and leftmost bonus), j10 2.
	p, err := position.Parse("0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3.0.1 0-0 s 3")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 20; i++ {
		m, ok := GreedyMove(&p, movegen.Rules{}, rng)
		if !ok || m.String() != "j11" {
			t.Fatalf("greedy played %v", m)
		}
	}
}

func TestParseSpec(t *testing.T) {
	f, err := ParseSpec("engine:movetime=25,threads=2,hash=8,opening=random")
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "engine:movetime=25,threads=2,hash=8,opening=random" {
		t.Errorf("name %q", f.Name)
	}
	c, err := parseEngineSettings("depth=3")
	if err != nil || c.Limits.Depth != 3 || c.Limits.MoveTime != 0 {
		t.Errorf("depth=3: %+v %v", c, err)
	}
	for v, want := range map[string]OpeningPlayer{"engine": OpeningEngine, "random": OpeningRandom, "putback": OpeningPutBack} {
		if c, err := parseEngineSettings("opening=" + v); err != nil || c.Opening != want {
			t.Errorf("opening=%s: %v %v", v, c.Opening, err)
		}
	}
	c, _ = parseEngineSettings("")
	if c.Limits.MoveTime != 10*time.Millisecond || c.Options.Threads != 1 || c.Options.HashMB != limits.DefaultHashMB {
		t.Errorf("defaults %+v", c)
	}
	c, err = parseEngineSettings("param.rfpMargin=120,param.lmrDiv=2.5")
	if err != nil || c.Options.Params.String() != "rfpMargin=120,lmrDiv=2.5" {
		t.Errorf("param.rfpMargin=120,param.lmrDiv=2.5: params %q, error %v", c.Options.Params, err)
	}
	bad := map[string]string{
		"engine:movetime=abc":         "movetime",
		"engine:threads=0":            "threads",
		"engine:speed=3":              "speed",
		"engine:movetime":             "movetime",
		"engine:opening=book":         "opening",
		"engine:hash=1,hash=2":        "hash",
		"random:x=1":                  "random",
		"ugi:":                        "command line",
		"ugi:'unclosed":               "command line",
		"minimax":                     "minimax",
		"":                            "empty",
		"engine:book=x.bin":           "book",
		"engine:multiplier=11":        "multiplier",
		"engine:objective=wins":       "objective",
		"engine:param.nosuch=1":       "param.nosuch",
		"engine:param.rfpMargin=9999": "rfpMargin=9999: want 0 to 600",
		"engine:param.lmrDiv=x":       "param.lmrDiv=\"x\": want a number",
		"engine:param.=1":             "unknown search param",
	}
	for s, word := range bad {
		_, err := ParseSpec(s)
		if err == nil || !strings.Contains(err.Error(), word) {
			t.Errorf("%q: error %v should name %q", s, err, word)
		}
	}
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"random", "greedy", "engine", "engine:movetime=10,threads=1,hash=16", "engine:depth=", "ugi:./x", "engine:=,=", "engine:param.lmrDiv=2.5,param.rfpDepth=0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fac, err := ParseSpec(s)
		if err == nil && fac.New == nil {
			t.Fatalf("%q: no constructor", s)
		}
	})
}

// badPlayer fails in a chosen way.
type badPlayer struct{ how string }

func (b badPlayer) Move(ctx context.Context, g *movegen.Game, _ time.Duration) (position.GameMove, error) {
	switch b.how {
	case "error":
		return position.GameMove{}, errors.New("broken pipe")
	case "panic":
		panic("boom")
	case "slow":
		<-ctx.Done()
		time.Sleep(20 * time.Millisecond)
		return position.GameMove{}, nil
	}
	return position.PlayMove(position.NewMove(19, 63)), nil // never legal for South
}
func (badPlayer) Close() error { return nil }

func TestForfeits(t *testing.T) {
	start, err := position.Parse("0.0.0.0.5.5.5.5.5.5*/0.0.0.0.5.5.5.5.5.5 0-0 s 3")
	if err != nil {
		t.Fatal(err)
	}
	good := NewRandomPlayer(1, movegen.Rules{})
	for _, how := range []string{"error", "panic", "slow", "illegal"} {
		cfg := GameConfig{MoveTimeout: 50 * time.Millisecond}
		r, err := PlayGame(context.Background(), start, badPlayer{how}, good, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if r.End != EndForfeit || r.Forfeit != position.South || r.Outcome.North != 60 || r.Outcome.South != 0 || r.Points(2) != -1 {
			t.Errorf("%s: %+v", how, r)
		}
		if r.Reason == "" || !strings.Contains(r.Line(), "forfeit by south") {
			t.Errorf("%s: line %q", how, r.Line())
		}
	}
}

func TestPlyCapAndReplay(t *testing.T) {
	start := position.Start(30)
	for seed := uint64(0); seed < 6; seed++ {
		cfg := GameConfig{MaxPlies: 12}
		r, err := PlayGame(context.Background(), start, NewRandomPlayer(seed, cfg.Rules), NewGreedyPlayer(seed+100, cfg.Rules), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if r.End == EndForfeit || len(r.Moves) > 12 {
			t.Fatalf("%+v", r)
		}
		// Replay the record and check the adjudication independently.
		g := movegen.NewGame(start, cfg.Rules)
		for _, m := range r.Moves {
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		p := g.Current()
		if r.End == EndPlyCap {
			if len(r.Moves) != 12 {
				t.Errorf("capped after %d", len(r.Moves))
			}
			s := p.Prison(position.South) + p.RowTotal(position.South)
			n := p.Prison(position.North) + p.RowTotal(position.North)
			if r.Outcome.South != s || r.Outcome.North != n {
				t.Errorf("ply cap tally %+v, want %d-%d", r.Outcome, s, n)
			}
		} else if o, over := g.Over(); !over || o != r.Outcome {
			t.Errorf("ended %v with %+v, record says %v %+v", r.End, r.Outcome, over, o)
		}
		if r.Outcome.South+r.Outcome.North != 60 {
			t.Errorf("tally %+v loses warriors", r.Outcome)
		}
	}
}

func TestMatchRun(t *testing.T) {
	r, g := mustSpec(t, "random"), mustSpec(t, "greedy")
	openings := []position.Position{position.Start(30), position.Start(25)}
	run := func(conc int) (*Summary, string) {
		var out bytes.Buffer
		s, err := Run(context.Background(), Config{Player1: g, Player2: r, Openings: openings, Games: 8, Concurrency: conc, Seed: 7, Out: &out, Game: GameConfig{MaxPlies: 300}})
		if err != nil {
			t.Fatal(err)
		}
		return s, out.String()
	}
	s1, out1 := run(1)
	s3, _ := run(3)
	if s1.Counts.Games() != 8 || s1.Counts != s3.Counts || s1.MarginSum != s3.MarginSum || s1.Points != s3.Points {
		t.Errorf("serial %+v, parallel %+v", s1, s3)
	}
	lines := strings.Split(strings.TrimSpace(out1), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d game lines", len(lines))
	}
	// Colours swap: game 1 has player 1 south, game 2 north, same start.
	south, north := 0, 0
	for _, l := range lines {
		f := strings.Split(l, " | ")
		if len(f) != 4 {
			t.Fatalf("line %q", l)
		}
		if _, err := position.ParseStart(f[0]); err != nil {
			t.Errorf("start %q: %v", f[0], err)
		}
		if strings.HasSuffix(l, "player 1 south") {
			south++
		} else {
			north++
		}
	}
	if south != 4 || north != 4 {
		t.Errorf("colours %d/%d", south, north)
	}
	tab := s1.Table()
	last := tab[strings.LastIndex(strings.TrimSuffix(tab, "\n"), "\n")+1:]
	if !strings.HasPrefix(last, "Score of greedy vs random: ") {
		t.Errorf("last line %q", last)
	}
}

// flaky forfeits its first move in 4 games out of 5 and otherwise plays
// at random.
type flaky struct {
	fail bool
	*RandomPlayer
}

func (f flaky) Move(ctx context.Context, g *movegen.Game, b time.Duration) (position.GameMove, error) {
	if f.fail {
		return position.GameMove{}, errors.New("gave up")
	}
	return f.RandomPlayer.Move(ctx, g, b)
}

func TestMatchSPRTStops(t *testing.T) {
	fl := Factory{Name: "flaky", New: func(seed uint64, r movegen.Rules) (Player, error) {
		return flaky{seed%5 != 0, NewRandomPlayer(seed, r)}, nil
	}}
	sp := SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}
	s, err := Run(context.Background(), Config{Player1: mustSpec(t, "random"), Player2: fl, Games: 1000, SPRT: &sp, Concurrency: 2, Seed: 3, Game: GameConfig{MaxPlies: 200}})
	if err != nil {
		t.Fatal(err)
	}
	n := s.Counts.Games()
	if s.Decision != AcceptH1 || n >= 1000 || n == 0 {
		t.Fatalf("decision %v after %d games (%+v)", s.Decision, n, s.Counts)
	}
	_, hi := sp.Bounds()
	if s.LLR < hi || s.LLR != sp.LLR(s.Pairs) {
		t.Errorf("LLR %v, bound %v", s.LLR, hi)
	}
	if !strings.Contains(s.Table(), "H1 accepted") {
		t.Errorf("table:\n%s", s.Table())
	}
}

// TestMatchSPRTOneSided: a match where player 1 wins every game (player
// 2 forfeits each) decides H1 after 23 pairs at 0,50 (see
// TestSPRTOneSided), with games in parallel and no game count.
func TestMatchSPRTOneSided(t *testing.T) {
	fl := Factory{Name: "resigner", New: func(seed uint64, r movegen.Rules) (Player, error) {
		return flaky{true, NewRandomPlayer(seed, r)}, nil
	}}
	sp := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	s, err := Run(context.Background(), Config{Player1: mustSpec(t, "random"), Player2: fl, SPRT: &sp, Concurrency: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if s.Decision != AcceptH1 || s.Pairs != (Pentanomial{4: 23}) || s.Counts.Wins != s.Counts.Games() {
		t.Fatalf("decision %v, pairs %v, games %+v", s.Decision, s.Pairs, s.Counts)
	}
	// Beside the 23 pairs, only games of unfinished pairs are counted:
	// at most one a game in flight, and one about to start.
	if n := s.Counts.Games(); n < 46 || n > 46+4 {
		t.Errorf("%d games counted", n)
	}
}

// TestMatchSPRTUntilDecided: with an SPRT and no game count the match
// plays until the SPRT decides, not two games per opening; a game count
// caps it, and the report says when the cap ended it undecided.
func TestMatchSPRTUntilDecided(t *testing.T) {
	fl := Factory{Name: "flaky", New: func(seed uint64, r movegen.Rules) (Player, error) {
		return flaky{seed%5 != 0, NewRandomPlayer(seed, r)}, nil
	}}
	sp := SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}
	cfg := Config{Player1: mustSpec(t, "random"), Player2: fl, SPRT: &sp, Concurrency: 2, Seed: 3, Game: GameConfig{MaxPlies: 200}}
	s, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if n := s.Counts.Games(); s.Decision != AcceptH1 || n <= 2 {
		t.Fatalf("decision %v after %d games, want H1 after more than 2", s.Decision, n)
	}
	cfg.Games = 3
	s, err = Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if n := s.Counts.Games(); n != 3 || s.Decision != Continue || !strings.Contains(s.Table(), "undecided after the cap of 3 games") {
		t.Errorf("%d games, decision %v, table:\n%s", n, s.Decision, s.Table())
	}
}

func mustSpec(t *testing.T, s string) Factory {
	t.Helper()
	f, err := ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestEnginePlayerPlaysLegally(t *testing.T) {
	for _, spec := range []string{"engine:depth=1", "engine:nodes=500,opening=random"} {
		s, err := Run(context.Background(), Config{Player1: mustSpec(t, spec), Player2: mustSpec(t, "random"), Games: 2, Seed: 9, Game: GameConfig{MaxPlies: 30}})
		if err != nil {
			t.Fatal(err)
		}
		if s.Forfeits1+s.Forfeits2 != 0 || s.Counts.Games() != 2 {
			t.Errorf("%s: %+v %v", spec, s, s.ForfeitReasons)
		}
	}
}

// TestPutBackPlayer: opening=putback leaves the board as it was at both
// turns, then plays.
func TestPutBackPlayer(t *testing.T) {
	f, err := ParseSpec("engine:depth=1,opening=putback")
	if err != nil {
		t.Fatal(err)
	}
	p, err := f.New(1, movegen.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	g := movegen.NewGame(position.Start(30), movegen.Rules{})
	for k := 0; k < 2; k++ {
		before := g.Current()
		m, err := p.Move(context.Background(), g, 0)
		if err != nil || !m.Redistribution {
			t.Fatalf("turn %d: %v %v", k+1, m, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		after := g.Current()
		for i := 0; i < position.NumPits; i++ {
			if after.Count(i) != before.Count(i) {
				t.Fatalf("turn %d: %s changed pit %s", k+1, m, position.PitName(i))
			}
		}
	}
	if m, err := p.Move(context.Background(), g, 0); err != nil || m.Redistribution {
		t.Fatalf("turn 3: %v %v", m, err)
	}
}

// TestParseSpecShortEchoes: a bad spec of any size is quoted by a short
// prefix, and its bounds are the limits table's.
func TestParseSpecShortEchoes(t *testing.T) {
	long := strings.Repeat("x", 100000)
	for _, spec := range []string{long, "engine:" + long, "engine:opening=" + long, "engine:depth=" + long, "engine:movetime=" + long} {
		_, err := ParseSpec(spec)
		if err == nil || len(err.Error()) > 400 {
			t.Errorf("spec of %d bytes: error of %d bytes", len(spec), len(errText(err)))
		}
	}
	for spec, want := range map[string]string{
		"engine:movetime=100ms": "", "engine:movetime=100": "",
		"engine:movetime=0": "must be from 1", "engine:threads=1024": "setting threads 1024: must be from 1 to 256",
	} {
		_, err := ParseSpec(spec)
		if (want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", spec, err, want)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
