// The match coordinator: a match's games as jobs, counted in game order.

package cluster

import (
	"context"
	"fmt"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/match"
)

// Match plays cfg's games through the work queue. spec1 and spec2 are the
// players' specs as given (cfg.Player1 and Player2 parsed from them): each
// worker parses them again, so a book or an external engine a spec names
// must exist at the same path on every worker. When the SPRT decides, the
// queued games are purged.
func Match(ctx context.Context, c *Coordinator, cfg match.Config, spec1, spec2 string) (*match.Summary, error) {
	games := cfg.PlannedGames()
	sum := match.NewSummary(&cfg, games)
	job := func(k int) Job {
		start, _ := cfg.GameStart(k)
		return Job{Kind: KindGame, Game: &GameJob{
			Player1: spec1, Player2: spec2, Start: start.String(), Number: k, Seed: cfg.Seed,
			FreeFirstLap: cfg.Game.Rules.FreeFirstLap, MaxPlies: cfg.Game.MaxPlies,
			MoveTimeMS: cfg.Game.MoveTime.Milliseconds(), MoveTimeoutMS: cfg.Game.MoveTimeout.Milliseconds(),
		}}
	}
	done := func(k int, r *Result) (bool, error) {
		if r.Game == nil {
			return false, fmt.Errorf("result of game %d from worker %s: not a game", k+1, excerpt.Prefix(r.Worker))
		}
		start, _ := cfg.GameStart(k)
		gr, err := gameResult(r.Game, start, cfg.Game.Rules)
		if err != nil {
			return false, fmt.Errorf("result of game %d from worker %s: %v", k+1, excerpt.Prefix(r.Worker), err)
		}
		return sum.Record(&cfg, k, &gr)
	}
	err := c.Do(ctx, games, job, done)
	return sum, err
}
