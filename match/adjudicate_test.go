// Tests of adjudication: the flags' syntax, the rules on made-up scores,
// the outcome's margin, and games that end by them.

package match

import (
	"context"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func TestParseAdjudication(t *testing.T) {
	var a Adjudication
	if err := a.ParseResign("movecount=3,score=5"); err != nil || a.ResignMoves != 3 || a.ResignScore != 500 {
		t.Errorf("%+v %v", a, err)
	}
	if err := a.ParseDraw("movenumber=40,movecount=8,score=1"); err != nil || a.DrawFrom != 40 || a.DrawMoves != 8 || a.DrawScore != 100 {
		t.Errorf("%+v %v", a, err)
	}
	if err := a.ParseDraw("movecount=8,score=0"); err != nil || a.DrawFrom != 1 || a.DrawScore != 0 || !a.On() {
		t.Errorf("%+v %v", a, err)
	}
	for in, want := range map[string]string{
		"movecount=3":                     "score missing",
		"movecount=0,score=4":             "movecount 0: must be from 1",
		"movecount=3,score=0":             "at least 1 warrior",
		"movecount=x,score=4":             "want a whole number",
		"moves=3,score=4":                 "keys movecount, score",
		"movecount=3,score=4,x":           "keys",
		"movecount=1,movecount=2,score=4": "given twice",
		"movecount=3,score=9999":          "score 9999: must be from 0",
	} {
		var b Adjudication
		if err := b.ParseResign(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
}

func TestMarginOutcome(t *testing.T) {
	p := position.Start(30)
	total := p.Total()
	for _, c := range []struct {
		side position.Side
		m    int
		want int // South's margin
	}{
		{position.South, 6, 6}, {position.North, 6, -6}, {position.South, 5, 4}, {position.North, -5, 4},
		{position.South, 0, 0}, {position.South, 999, total},
	} {
		o := marginOutcome(&p, c.side, c.m)
		if o.Margin() != c.want || o.South+o.North != total {
			t.Errorf("%v %d: %+v, want margin %d", c.side, c.m, o, c.want)
		}
	}
}

// scripted feeds the adjudicator made-up scores, South and North moving
// in turn in a real game.
func scripted(t *testing.T, a Adjudication, scores [][2]int) (movegen.Outcome, string, int) {
	t.Helper()
	g := movegen.NewGame(position.Start(30), movegen.Rules{})
	d := &adjudicator{a: a}
	for i, sc := range scores {
		cur := g.Current()
		m, _ := movegen.FirstLegal(cur, movegen.Rules{})
		side := cur.Side()
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		note := MoveNote{HasSearch: sc[1] != 0, Search: SearchInfo{Score: sc[0], Proven: sc[1] == 2}}
		if o, why, ok := d.after(side, note, g); ok {
			return o, why, i + 1
		}
	}
	return movegen.Outcome{}, "", 0
}

func TestAdjudicatorRules(t *testing.T) {
	resign := Adjudication{ResignMoves: 2, ResignScore: 400}
	// South sees itself lost, North sees itself winning: after each side's
	// second such search, South resigns, the margin the agreed 4.
	o, why, at := scripted(t, resign, [][2]int{{-500, 1}, {450, 1}, {-400, 1}, {600, 1}, {-900, 1}})
	if at != 4 || o.Margin() != -4 || !strings.Contains(why, "south resigns") {
		t.Errorf("resign: at %d, %+v, %q", at, o, why)
	}
	// One side disagrees (North only +3): no resignation.
	if _, _, at := scripted(t, resign, [][2]int{{-500, 1}, {300, 1}, {-500, 1}, {300, 1}, {-500, 1}, {300, 1}}); at != 0 {
		t.Errorf("resigned at %d without agreement", at)
	}
	// A move without a search breaks the run.
	if _, _, at := scripted(t, resign, [][2]int{{-500, 1}, {500, 1}, {0, 0}, {500, 1}, {-500, 1}}); at != 0 {
		t.Errorf("resigned at %d across a move without a search", at)
	}
	draw := Adjudication{DrawFrom: 2, DrawMoves: 2, DrawScore: 100}
	o, why, at = scripted(t, draw, [][2]int{{50, 1}, {-50, 1}, {0, 1}, {100, 1}, {90, 1}})
	if at != 4 || o.Margin() != 0 || !strings.HasPrefix(why, "draw") {
		t.Errorf("draw: at %d, %+v, %q", at, o, why)
	}
	// Before move pair 3 (plies 5 and 6) no draw.
	if _, _, at := scripted(t, Adjudication{DrawFrom: 3, DrawMoves: 1, DrawScore: 100}, [][2]int{{0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}}); at != 5 {
		t.Errorf("draw from move 3: at %d", at)
	}
	// A proven value ends the game with its margin.
	o, why, at = scripted(t, Adjudication{Proven: true}, [][2]int{{30, 1}, {-800, 2}})
	if at != 2 || o.Margin() != 8 || !strings.Contains(why, "north's search proved a margin of -8") {
		t.Errorf("proven: at %d, %+v, %q", at, o, why)
	}
	if _, _, at := scripted(t, Adjudication{}, [][2]int{{-800, 2}, {900, 2}}); at != 0 {
		t.Errorf("no rule set, adjudicated at %d", at)
	}
}

// Engines that see the game lost resign: every game of a match of the
// engine against the engine at depth 1 with the random redistributions
// ends by adjudication under a one-move rule, with Termination
// "adjudication" and the reason in the games file.
func TestMatchAdjudicated(t *testing.T) {
	var a Adjudication
	if err := a.ParseResign("movecount=1,score=2"); err != nil {
		t.Fatal(err)
	}
	var games, pg strings.Builder
	s, err := Run(context.Background(), Config{Player1: mustSpec(t, "engine:depth=3"), Player2: mustSpec(t, "engine:depth=1,opening=random"), Games: 4, Seed: 2,
		Out: &games, PGN: &pg, Game: GameConfig{MaxPlies: 400, Adjudication: a}})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(games.String(), " adjudicated: "); n != 4 {
		t.Errorf("%d of 4 games adjudicated:\n%s", n, games.String())
	}
	if strings.Count(pg.String(), `[Termination "adjudication"]`) != 4 || s.Counts.Games() != 4 {
		t.Errorf("pgn:\n%s", pg.String())
	}
}

func FuzzParseAdjudication(f *testing.F) {
	for _, s := range []string{"movecount=3,score=4", "movenumber=40,movecount=8,score=0", "=,", "score=-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var a Adjudication
		if err := a.ParseResign(s); err == nil && (a.ResignMoves < 1 || a.ResignMoves > 1000 || a.ResignScore < 100) {
			t.Fatalf("resign %q: %+v", s, a)
		}
		var d Adjudication
		if err := d.ParseDraw(s); err == nil && (d.DrawMoves < 1 || d.DrawFrom < 1 || d.DrawScore < 0) {
			t.Fatalf("draw %q: %+v", s, d)
		}
	})
}

// provenLate is a late position (4-39, 4 warriors on the board) whose
// value a depth-20 search proves: South loses by 48.
const provenLate = "1.0.0.0.1.0.0.0.1.0/0.8.1.1.0.2.1.1.0.0 4-39 s 39"

// The engine player reports a value its search proved as proven, so
// that --adjudicate-proven ends the game there with that margin.
func TestEngineReportsProven(t *testing.T) {
	start, err := position.Parse(provenLate)
	if err != nil {
		t.Fatal(err)
	}
	f := mustSpec(t, "engine:depth=20,hash=1")
	pl, err := f.New(1, movegen.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	g := movegen.NewGame(start, movegen.Rules{})
	if _, err := pl.Move(context.Background(), g, 0); err != nil {
		t.Fatal(err)
	}
	s, ok := pl.(Reporter).LastSearch()
	if !ok || !s.Proven || s.Score != -4800 {
		t.Fatalf("last search %+v (%v), want proven -48", s, ok)
	}
	r, err := PlayGame(context.Background(), start, pl, pl, GameConfig{Adjudication: Adjudication{Proven: true}})
	if err != nil {
		t.Fatal(err)
	}
	if r.End != EndAdjudicated || len(r.Moves) != 1 || r.Margin() != -48 {
		t.Errorf("game ended by %s after %d moves, margin %d; want adjudicated at once, -48", r.End, len(r.Moves), r.Margin())
	}
}
