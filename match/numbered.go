// Game k of a match and its tally, shared by Run and remote runners (cluster).

package match

import (
	"context"
	"fmt"

	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/pgn"
	"github.com/kiothi/kiothi/position"
)

// GameStart returns game k's opening and whether player 1 is South: game k
// starts from opening k/2 (cycling), player 1 South when k is even.
func (cfg *Config) GameStart(k int) (position.Position, bool) {
	if len(cfg.Openings) == 0 {
		return position.Start(30), k%2 == 0
	}
	return cfg.Openings[(k/2)%len(cfg.Openings)], k%2 == 0
}

// PlannedGames returns the games the match plays unless the SPRT stops
// it sooner: Games; without it, with an SPRT, SPRTMaxGames; else two per
// opening.
func (cfg *Config) PlannedGames() int {
	switch {
	case cfg.Games > 0:
		return cfg.Games
	case cfg.SPRT != nil:
		return SPRTMaxGames
	}
	return 2 * max(len(cfg.Openings), 1)
}

// PlayNumbered plays game k of the match from start (its GameStart
// opening), with the players built and seeded as Run builds them for game
// k, so the game is the one Run would play.
func PlayNumbered(ctx context.Context, cfg Config, start position.Position, k int) (GameResult, error) {
	return playOne(ctx, cfg, start, k%2 == 0, k)
}

// multiplier returns the match-point multiplier in force.
func (cfg *Config) multiplier() int {
	if cfg.Multiplier == 0 {
		return movegen.DefaultMultiplier
	}
	return cfg.Multiplier
}

// NewSummary returns an empty tally of a match planned at games games.
func NewSummary(cfg *Config, games int) *Summary {
	return &Summary{Name1: cfg.Player1.Name, Name2: cfg.Player2.Name, Planned: games, SPRT: cfg.SPRT, maxReasonsKept: 5}
}

// Record counts game k: the tally, its line in the games file, the SPRT
// and the progress callback. It reports whether the SPRT has decided.
func (s *Summary) Record(cfg *Config, k int, r *GameResult) (decided bool, err error) {
	p1South := k%2 == 0
	gp := pointOf(cfg, k, r, s.Name1, s.Name2)
	s.count(&gp)
	if cfg.Out != nil {
		s1 := "south"
		if !p1South {
			s1 = "north"
		}
		if _, err := fmt.Fprintf(cfg.Out, "%s | game %d, player 1 %s\n", r.Line(), k+1, s1); err != nil {
			return false, fmt.Errorf("games file: %v", err)
		}
	}
	if cfg.PGN != nil {
		south, north := s.Name1, s.Name2
		if !p1South {
			south, north = north, south
		}
		g := r.PGN(PGNGame{Round: k + 1, South: south, North: north, TimeControl: cfg.Game.TimeControlTag(),
			Date: time.Now(), Comments: cfg.PGNComments})
		if err := pgn.Write(cfg.PGN, g); err != nil {
			return false, fmt.Errorf("pgn file: %v", err)
		}
	}
	if cfg.KeepPGN {
		gp.PGN = r.PGNText(cfg, k, s.Name1, s.Name2)
	}
	if cfg.SPRT != nil {
		s.LLR = cfg.SPRT.LLR(s.Pairs)
		s.Decision = cfg.SPRT.Decide(s.Pairs)
	}
	gp.LLR = s.LLR
	s.Games = append(s.Games, gp)
	if cfg.State != nil {
		if err := cfg.State.save(s); err != nil {
			return false, err
		}
	}
	if cfg.Progress != nil {
		cfg.Progress(s)
	}
	return s.Decision != Continue, nil
}

// ParseEnd reads an End's name (no-move, repetition, ply-cap, forfeit,
// adjudicated) as a remote worker reports it; GameConfig.CheckPlayed
// then checks that the end is the one the moves and the config give.
func ParseEnd(s string) (End, error) {
	for i, t := range endText {
		if t == s {
			return End(i), nil
		}
	}
	return 0, fmt.Errorf("game end %q: want no-move, repetition, ply-cap, forfeit or adjudicated", s)
}
