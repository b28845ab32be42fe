// The review summed up per player: moves, accuracy, average loss, counts
// by class.

package annotate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kiothi/kiothi/internal/plural"
)

// PlayerSummary sums up one player's moves.
type PlayerSummary struct {
	Side string `json:"side,omitempty"` // "south" or "north" in a game's summary
	Name string `json:"name"`
	// Moves is the moves reviewed; Accuracy the mean of their
	// MoveAccuracy (0..100; 100 with no move).
	Moves       int     `json:"moves"`
	Accuracy    float64 `json:"accuracy"`
	AverageLoss float64 `json:"average_loss"` // warriors a move (LossCP)
	Inaccuracy  int     `json:"inaccuracies"`
	Mistake     int     `json:"mistakes"`
	Blunder     int     `json:"blunders"`
	Only        int     `json:"only_moves"`
	loss        int     // centi-warriors, summed
	accuracy    float64 // summed
}

func (s *PlayerSummary) add(m *Move) {
	s.Moves++
	s.loss += m.LossCP
	s.accuracy += m.Accuracy
	s.AverageLoss = float64(s.loss) / float64(s.Moves) / 100
	s.Accuracy = s.accuracy / float64(s.Moves)
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

// Line is the summary on one line: "accuracy 87.5, average loss 0.45,
// inaccuracies 2, mistakes 1, blunders 0, only moves 1 (40 moves)".
func (s *PlayerSummary) Line() string {
	return fmt.Sprintf("accuracy %.1f, average loss %.2f, inaccuracies %d, mistakes %d, blunders %d, only moves %d (%s)",
		s.Accuracy, s.AverageLoss, s.Inaccuracy, s.Mistake, s.Blunder, s.Only, plural.Count(s.Moves, "move"))
}

// summarise sums a game's moves up for South and North.
func summarise(moves []Move, south, north string) [2]PlayerSummary {
	ps := [2]PlayerSummary{{Side: "south", Name: south, Accuracy: 100}, {Side: "north", Name: north, Accuracy: 100}}
	for i := range moves {
		k := 0
		if moves[i].Side == "north" {
			k = 1
		}
		ps[k].add(&moves[i])
	}
	return ps
}

// Totals sums reviews up per player name, over all games and both
// colours, as they come (Add), one entry a name.
type Totals struct{ by map[string]*PlayerSummary }

// Add counts the game's moves to its players (named by side when the
// game does not name them).
func (t *Totals) Add(g *Game) {
	if t.by == nil {
		t.by = map[string]*PlayerSummary{}
	}
	for k, side := range []string{"south", "north"} {
		name := g.Players[k].Name
		if name == "" {
			name = side
		}
		s := t.by[name]
		if s == nil {
			s = &PlayerSummary{Name: name, Accuracy: 100}
			t.by[name] = s
		}
		for i := range g.Moves {
			if g.Moves[i].Side == side {
				s.add(&g.Moves[i])
			}
		}
	}
}

// Players returns the totals in name order.
func (t *Totals) Players() []PlayerSummary {
	out := make([]PlayerSummary, 0, len(t.by))
	for _, s := range t.by {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Players sums the reviews up per player name, over all games and both
// colours, in name order.
func Players(games []Game) []PlayerSummary {
	var t Totals
	for i := range games {
		t.Add(&games[i])
	}
	return t.Players()
}

// Table returns the per-player summaries as a table.
func Table(ps []PlayerSummary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-28s %6s %8s %8s %6s %6s %6s %6s\n", "player", "moves", "accuracy", "avg-loss", "inacc", "mist", "blund", "only")
	for _, s := range ps {
		name := s.Name
		if len(name) > 28 {
			name = name[:27] + "~"
		}
		fmt.Fprintf(&b, "%-28s %6d %8.1f %8.2f %6d %6d %6d %6d\n", name, s.Moves, s.Accuracy, s.AverageLoss, s.Inaccuracy, s.Mistake, s.Blunder, s.Only)
	}
	return b.String()
}
