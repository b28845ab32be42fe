// The match coordinator: a match's games as jobs, counted in game order.

package jobs

import (
	"context"
	"fmt"

	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/match"
)

// Match plays cfg's games through the work queue. spec1 and spec2 are the
// players' specs as given (cfg.Player1 and Player2 parsed from them): each
// worker parses them again, so a book or an external engine a spec names
// must exist at the same path on every worker. When the SPRT decides, the
// queued games are purged.
func Match(ctx context.Context, c *cluster.Coordinator, cfg match.Config, spec1, spec2 string) (*match.Summary, error) {
	games := cfg.PlannedGames()
	sum := match.NewSummary(&cfg, games)
	gc := cfg.Game
	// Notes come back for the PGN's comments and for the check of an
	// adjudicated game.
	notes := cfg.PGN != nil && cfg.PGNComments || gc.Adjudication.On()
	if notes && (gc.MaxPlies < 1 || gc.MaxPlies > MaxNotedPlies) {
		return sum, fmt.Errorf("--max-plies %d: through workers, with PGN comments or adjudication, want 1 to %d (a game's notes travel in one message)", gc.MaxPlies, MaxNotedPlies)
	}
	var adj *match.Adjudication
	if a := gc.Adjudication; a.On() {
		adj = &a
	}
	timeout := gc.MoveTimeout
	if timeout <= 0 {
		timeout = match.DefaultMoveTimeout
	}
	tc := ""
	if gc.TC.On() {
		tc = gc.TC.Spec()
	}
	job := func(k int) cluster.Job {
		start, _ := cfg.GameStart(k)
		return cluster.NewJob(KindGame, &GameJob{
			Player1: spec1, Player2: spec2, Start: start.String(), Number: k, Seed: cfg.Seed,
			FreeFirstLap: gc.Rules.FreeFirstLap, MaxPlies: gc.MaxPlies,
			MoveTimeMS: gc.MoveTime.Milliseconds(), MoveTimeoutMS: timeout.Milliseconds(),
			TC: tc, TimeMarginMS: gc.TimeMargin.Milliseconds(), Adjudication: adj, Notes: notes,
		})
	}
	played := map[int]*match.GameResult{} // checked, waiting for their turn
	// A result the check refuses (illegal moves, an end the moves do not
	// give, missing notes) is not counted: the game is played again.
	check := func(k int, r *cluster.Result) error {
		out, err := outputOf[*GameOut](r, "a game")
		if err != nil {
			return err
		}
		start, _ := cfg.GameStart(k)
		gr, err := gameResult(out, start, gc, notes)
		if err != nil {
			return err
		}
		played[k] = &gr
		return nil
	}
	done := func(k int, r *cluster.Result) (bool, error) {
		gr := played[k]
		delete(played, k)
		return sum.Record(&cfg, k, gr)
	}
	// Games without a clock or a time limit are the same wherever they
	// are played: a share of them is played twice (Coordinator.Verify).
	det := cfg.Player1.Deterministic && cfg.Player2.Deterministic && !gc.TC.On() && gc.MoveTime == 0
	err := c.Execute(ctx, &cluster.Plan{N: games, Job: job, Check: check, Done: done, Deterministic: det})
	return sum, err
}
