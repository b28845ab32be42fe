// Tests of CheckPlayed: games played here pass it, each kind of forgery
// fails it.

package match

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// played plays one game under cfg between the engine at depth 3 and the
// engine at depth 1 with random redistributions.
func played(t *testing.T, cfg GameConfig, seed uint64) GameResult {
	t.Helper()
	c := Config{Player1: mustSpec(t, "engine:depth=3,hash=1"), Player2: mustSpec(t, "engine:depth=1,hash=1,opening=random"), Seed: seed, Game: cfg}
	r, err := PlayNumbered(context.Background(), c, position.Start(30), 0)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestCheckPlayed(t *testing.T) {
	var adj Adjudication
	if err := adj.ParseResign("movecount=1,score=2"); err != nil {
		t.Fatal(err)
	}
	withAdj := GameConfig{MaxPlies: 400, Adjudication: adj}
	a := played(t, withAdj, 2)
	if a.End != EndAdjudicated {
		t.Fatalf("game ended by %s, want adjudicated", a.End)
	}
	capped := GameConfig{MaxPlies: 12}
	b := played(t, capped, 3)
	if b.End != EndPlyCap {
		t.Fatalf("game ended by %s, want ply-cap", b.End)
	}
	full := GameConfig{MaxPlies: 1000}
	c := played(t, full, 4)
	if c.End != EndNoMove && c.End != EndRepetition {
		t.Fatalf("game ended by %s, want by the rules", c.End)
	}
	for name, g := range map[string]struct {
		cfg GameConfig
		r   GameResult
	}{"adjudicated": {withAdj, a}, "ply cap": {capped, b}, "rules": {full, c}} {
		if err := g.cfg.CheckPlayed(&g.r); err != nil {
			t.Errorf("%s: a game played here refused: %v", name, err)
		}
	}
	forged := func(name string, cfg GameConfig, r GameResult, edit func(r *GameResult), want string) {
		t.Helper()
		r.Moves = append(r.Moves[:0:0], r.Moves...)
		r.Notes = append(r.Notes[:0:0], r.Notes...)
		edit(&r)
		if err := cfg.CheckPlayed(&r); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error with %q", name, err, want)
		}
	}
	forged("adjudicated without a rule", full, a, func(r *GameResult) {}, "no adjudication rule")
	forged("adjudicated with another margin", withAdj, a, func(r *GameResult) { r.Outcome.South, r.Outcome.North = r.Outcome.North, r.Outcome.South }, "the rule gives")
	forged("adjudication later than the rule", withAdj, a, func(r *GameResult) {
		n := &r.Notes[len(r.Notes)-1]
		n.Search.Score = 0
	}, "no rule ends the game")
	forged("notes missing", withAdj, a, func(r *GameResult) { r.Notes = r.Notes[:len(r.Notes)-1] }, "notes for")
	forged("score out of bounds", withAdj, a, func(r *GameResult) { r.Notes[0].HasSearch, r.Notes[0].Search.Score = true, 1<<20 }, "score")
	forged("a move taken back", capped, b, func(r *GameResult) { r.Moves, r.Notes = r.Moves[:len(r.Moves)-1], r.Notes[:len(r.Notes)-1] }, "ply cap")
	forged("ply-cap prisons", capped, b, func(r *GameResult) { r.Outcome.South++; r.Outcome.North-- }, "the moves give")
	forged("illegal move", capped, b, func(r *GameResult) { r.Moves[5] = r.Moves[4] }, "move 6")
	forged("rules end claimed early", full, c, func(r *GameResult) { r.Moves = r.Moves[:len(r.Moves)-1]; r.Notes = r.Notes[:len(r.Notes)-1] }, "not over")
	forged("forfeit by the side not to move", full, c, func(r *GameResult) {
		r.Moves, r.Notes = r.Moves[:10], r.Notes[:10]
		g := movegen.NewGame(r.Start, full.Rules)
		for _, m := range r.Moves {
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		p := g.Current()
		r.End, r.Forfeit = EndForfeit, p.Side()^1
		r.Outcome = forfeitOutcome(&p, r.Forfeit)
	}, "was to move")
	forged("time loss not a forfeit", full, c, func(r *GameResult) { r.OnTime = true }, "on time")
	forged("negative time", full, c, func(r *GameResult) { r.Notes[0].Time = -time.Second }, "time")
}
