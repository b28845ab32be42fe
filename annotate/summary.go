// The review summed up per player: moves, average loss, counts by class.

package annotate

import (
	"fmt"
	"sort"
	"strings"
)

// PlayerSummary sums up one player's moves.
type PlayerSummary struct {
	Name        string  `json:"name"`
	Moves       int     `json:"moves"`
	AverageLoss float64 `json:"average_loss"` // warriors a move
	Inaccuracy  int     `json:"inaccuracies"`
	Mistake     int     `json:"mistakes"`
	Blunder     int     `json:"blunders"`
	Only        int     `json:"only_moves"`
	loss        int     // centi-warriors, summed
}

func (s *PlayerSummary) add(m *Move) {
	s.Moves++
	s.loss += m.Loss
	s.AverageLoss = float64(s.loss) / float64(s.Moves) / 100
	switch m.Class {
	case Inaccuracy:
		s.Inaccuracy++
	case Mistake:
		s.Mistake++
	case Blunder:
		s.Blunder++
	}
	if m.Only {
		s.Only++
	}
}

// Line is the summary on one line: "average loss 0.45, inaccuracies 2,
// mistakes 1, blunders 0, only moves 1 (40 moves)".
func (s *PlayerSummary) Line() string {
	return fmt.Sprintf("average loss %.2f, inaccuracies %d, mistakes %d, blunders %d, only moves %d (%d moves)",
		s.AverageLoss, s.Inaccuracy, s.Mistake, s.Blunder, s.Only, s.Moves)
}

// summarise sums a game's moves up for South and North.
func summarise(moves []Move, south, north string) [2]PlayerSummary {
	ps := [2]PlayerSummary{{Name: south}, {Name: north}}
	for i := range moves {
		k := 0
		if moves[i].Side == "north" {
			k = 1
		}
		ps[k].add(&moves[i])
	}
	return ps
}

// Players sums the reviews up per player name, over all games and both
// colours, in name order.
func Players(games []Game) []PlayerSummary {
	by := map[string]*PlayerSummary{}
	for _, g := range games {
		for k, side := range []string{"south", "north"} {
			name := g.Players[k].Name
			if name == "" {
				name = side
			}
			s := by[name]
			if s == nil {
				s = &PlayerSummary{Name: name}
				by[name] = s
			}
			for i := range g.Moves {
				if g.Moves[i].Side == side {
					s.add(&g.Moves[i])
				}
			}
		}
	}
	out := make([]PlayerSummary, 0, len(by))
	for _, s := range by {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Table returns the per-player summaries as a table.
func Table(ps []PlayerSummary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-28s %6s %8s %6s %6s %6s %6s\n", "player", "moves", "avg-loss", "inacc", "mist", "blund", "only")
	for _, s := range ps {
		name := s.Name
		if len(name) > 28 {
			name = name[:27] + "~"
		}
		fmt.Fprintf(&b, "%-28s %6d %8.2f %6d %6d %6d %6d\n", name, s.Moves, s.AverageLoss, s.Inaccuracy, s.Mistake, s.Blunder, s.Only)
	}
	return b.String()
}
