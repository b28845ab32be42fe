// The search's knobs as SPSA knobs, and an iteration's games as a kiothi
// match between engine specs with param.NAME settings.

package spsa

import (
	"context"
	"fmt"
	"strings"

	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// SearchKnobs returns the search knobs so named (search.Tunables), each
// starting at its default; no names is every tunable knob. A switch or an
// unknown name is an error naming it.
func SearchKnobs(names []string) ([]Knob, error) {
	var ps []search.Param
	if len(names) == 0 {
		for _, p := range search.Tunables() {
			if p.Tunable() {
				ps = append(ps, p)
			}
		}
	}
	for _, n := range names {
		p, err := search.LookupParam(n)
		if err != nil {
			return nil, err
		}
		if !p.Tunable() {
			return nil, fmt.Errorf("search param %s is a switch: it is set (param.%s=0|1 in a match), not tuned", n, n)
		}
		ps = append(ps, p)
	}
	ks := make([]Knob, len(ps))
	for i, p := range ps {
		ks[i] = Knob{Name: p.Name, Min: p.Min, Max: p.Max, Start: p.Default, C: p.C, R: p.R}
	}
	return ks, nil
}

// Spec returns the engine player spec "engine:SETTINGS,param.NAME=V,..."
// with the knobs at values (whole-number knobs rounded); settings may be
// empty.
func Spec(settings string, knobs []Knob, values []float64) (string, error) {
	parts := []string{}
	if s := strings.TrimSpace(settings); s != "" {
		parts = append(parts, s)
	}
	for i, k := range knobs {
		p, err := search.LookupParam(k.Name)
		if err != nil {
			return "", err
		}
		parts = append(parts, "param."+k.Name+"="+p.Format(values[i]))
	}
	return "engine:" + strings.Join(parts, ","), nil
}

// MatchGames returns Games that play iteration k as a match of pairs game
// pairs between the engine at plus (player 1) and at minus, both with the
// engine settings player (limits such as nodes=4000): the starts of
// openings taken in turn from pair k·pairs on, each with both colours,
// base's game settings and seed+k. run plays the match: match.Run, or
// cluster.Match through workers, as kiothi match does.
func MatchGames(base match.Config, player string, knobs []Knob, openings []position.Position, pairs int, run match.PairRunner) Games {
	return func(ctx context.Context, k int, plus, minus []float64) (Score, error) {
		spec1, err := Spec(player, knobs, plus)
		if err != nil {
			return Score{}, err
		}
		spec2, err := Spec(player, knobs, minus)
		if err != nil {
			return Score{}, err
		}
		cfg := base
		if cfg.Player1, err = match.ParseSpec(spec1); err != nil {
			return Score{}, err
		}
		if cfg.Player2, err = match.ParseSpec(spec2); err != nil {
			return Score{}, err
		}
		cfg.Openings = make([]position.Position, pairs)
		for i := range cfg.Openings {
			cfg.Openings[i] = openings[(k*pairs+i)%len(openings)]
		}
		cfg.Games, cfg.SPRT, cfg.Seed = 2*pairs, nil, base.Seed+uint64(k)
		sum, err := run(ctx, cfg, spec1, spec2)
		if err != nil {
			return Score{}, err
		}
		c := sum.Counts
		if c.Games() != 2*pairs {
			return Score{}, fmt.Errorf("%d games counted of %d", c.Games(), 2*pairs)
		}
		return Score{Wins: c.Wins, Draws: c.Draws, Losses: c.Losses}, nil
	}
}
