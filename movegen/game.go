// The end of the game, its result and match points, and a game record
// that applies the third-repetition rule.

package movegen

import (
	"fmt"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/position"
)

// Outcome is a finished game's final tally.
type Outcome struct {
	South, North int // prisons after the sweep
	Repetition   bool
}

// Margin returns South's prison minus North's.
func (o Outcome) Margin() int { return o.South - o.North }

// Winner returns "south", "north" or "draw".
func (o Outcome) Winner() string {
	switch {
	case o.South > o.North:
		return "south"
	case o.North > o.South:
		return "north"
	}
	return "draw"
}

// OneWarrior reports a win by exactly two warriors (RULES.md §6).
func (o Outcome) OneWarrior() bool { return o.Margin() == 2 || o.Margin() == -2 }

// Points returns the match points for South with one-warrior multiplier
// m: 1 a win, m a one-warrior win, 0 a draw, and the negatives.
func (o Outcome) Points(m int) int { return MatchPoints(o.Margin(), m) }

// MatchPoints returns the match points of a final margin (winner's prison
// minus loser's, from one player's view) with multiplier m.
func MatchPoints(margin, m int) int {
	switch {
	case margin == 2:
		return m
	case margin == -2:
		return -m
	case margin > 0:
		return 1
	case margin < 0:
		return -1
	}
	return 0
}

// Objective is what a player maximises: the final margin or the match
// points (RULES.md §6). The search and the solver both take one.
type Objective uint8

const (
	Margin Objective = iota // final prison difference
	Match                   // match points with the one-warrior multiplier
)

// Multiplier bounds (RULES.md §6).
const (
	MinMultiplier     = limits.MinMultiplier
	MaxMultiplier     = limits.MaxMultiplier
	DefaultMultiplier = 2
)

// CheckMultiplier returns an error for a multiplier outside 2..10.
func CheckMultiplier(m int) error {
	if m < MinMultiplier || m > MaxMultiplier {
		return fmt.Errorf("one-warrior multiplier %d: must be from %d to %d", m, MinMultiplier, MaxMultiplier)
	}
	return nil
}

// NoMoveOutcome is the tally when the side to move has no legal move: every
// warrior on the board goes to the other player's prison.
func NoMoveOutcome(p *position.Position) Outcome {
	o := Outcome{South: p.Prison(position.South), North: p.Prison(position.North)}
	if p.Side() == position.South {
		o.North += p.BoardTotal()
	} else {
		o.South += p.BoardTotal()
	}
	return o
}

// RepetitionOutcome is the tally when a position occurs for the third
// time: each player's prison receives the warriors on their own row.
func RepetitionOutcome(p *position.Position) Outcome {
	return Outcome{
		South:      p.Prison(position.South) + p.RowTotal(position.South),
		North:      p.Prison(position.North) + p.RowTotal(position.North),
		Repetition: true,
	}
}

// Game is a game record: the start, the moves and every position reached,
// with the third-repetition rule applied. Perft does not use it.
type Game struct {
	Rules Rules
	Start position.Position
	Moves []position.GameMove
	// Positions[k] is the position after k moves.
	Positions []position.Position
	seen      map[uint64]int
	over      bool
	outcome   Outcome
}

// NewGame starts a record at p.
func NewGame(p position.Position, r Rules) *Game {
	g := &Game{Rules: r, Start: p, seen: map[uint64]int{}}
	g.push(p)
	return g
}

func (g *Game) push(p position.Position) {
	g.Positions = append(g.Positions, p)
	g.seen[p.KeyWithPrisons()]++
	g.update()
}

func (g *Game) update() {
	p := g.Current()
	switch {
	case g.seen[p.KeyWithPrisons()] >= RepetitionCount:
		g.over, g.outcome = true, RepetitionOutcome(&p)
	case !HasMove(&p, g.Rules):
		g.over, g.outcome = true, NoMoveOutcome(&p)
	default:
		g.over = false
	}
}

// Current returns the position to move from.
func (g *Game) Current() position.Position { return g.Positions[len(g.Positions)-1] }

// Over reports whether the game has ended, and how.
func (g *Game) Over() (Outcome, bool) { return g.outcome, g.over }

// Play checks and plays a move of either kind.
func (g *Game) Play(m position.GameMove) error {
	if g.over {
		return fmt.Errorf("the game is over")
	}
	next, err := Apply(g.Current(), m, g.Rules)
	if err != nil {
		return err
	}
	g.Moves = append(g.Moves, m)
	g.push(next)
	return nil
}

// Undo takes back the last move; false if there is none.
func (g *Game) Undo() bool {
	if len(g.Moves) == 0 {
		return false
	}
	p := g.Current()
	g.seen[p.KeyWithPrisons()]--
	g.Positions = g.Positions[:len(g.Positions)-1]
	g.Moves = g.Moves[:len(g.Moves)-1]
	g.update()
	return true
}

// History returns KeyWithPrisons of every position so far, oldest first,
// the current one last (for a search's repetition check).
func (g *Game) History() []uint64 {
	h := make([]uint64, len(g.Positions))
	for i := range g.Positions {
		h[i] = g.Positions[i].KeyWithPrisons()
	}
	return h
}

// Apply returns the position after a move of either kind, or why it is
// illegal.
func Apply(p position.Position, m position.GameMove, r Rules) (position.Position, error) {
	if m.Redistribution {
		q, err := MakeOpening(p, m.Opening)
		if err != nil {
			return p, fmt.Errorf("%s: %v", m.Opening, err)
		}
		return q, nil
	}
	if p.Phase() != position.Play {
		return p, fmt.Errorf("%s: turn %d is a redistribution (two pits, a colon, the drops, as in ij:a3b2F5)", m.Play, p.Turn())
	}
	q, s := MakeMove(p, m.Play, r)
	if s != Legal {
		return p, fmt.Errorf("%s: %s", m.Play, s)
	}
	return q, nil
}

// ParseAndApply parses a move in either notation and plays it.
func ParseAndApply(p position.Position, s string, r Rules) (position.Position, position.GameMove, error) {
	m, err := position.ParseGameMove(s)
	if err != nil {
		return p, m, err
	}
	q, err := Apply(p, m, r)
	return q, m, err
}
