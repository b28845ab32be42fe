// A game as PGN holds it: tags in order, moves with their comments, the
// result.

package pgn

import (
	"fmt"
	"strings"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Tag is one [Name "Value"] pair.
type Tag struct{ Name, Value string }

// Move is one move in the engine's notation and the comment after it
// (without braces; empty for none).
type Move struct {
	Text    string
	Comment string
}

// Game is one PGN game.
type Game struct {
	Tags   []Tag
	Moves  []Move
	Result string // 1-0 (South won), 0-1 (North won), 1/2-1/2 or *
	// Line is the line of the file where the game's text starts (reader
	// only), for error messages.
	Line int
}

// Results.
const (
	SouthWins = "1-0"
	NorthWins = "0-1"
	Draw      = "1/2-1/2"
	Unknown   = "*"
)

// ResultOf returns the PGN result for a final margin (South's prison
// minus North's).
func ResultOf(margin int) string {
	switch {
	case margin > 0:
		return SouthWins
	case margin < 0:
		return NorthWins
	}
	return Draw
}

// Tag returns the value of the named tag, "" when absent.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets the named tag, appending it when absent.
func (g *Game) SetTag(name, value string) {
	for i, t := range g.Tags {
		if t.Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// Start returns the position the game starts from: the FEN tag
// (startpos, startpos25 or a position string), the standard start when
// the tag is absent.
func (g *Game) Start() (position.Position, error) {
	fen := g.Tag("FEN")
	if fen == "" {
		return position.Start(30), nil
	}
	p, err := position.ParseStart(fen)
	if err != nil {
		return p, fmt.Errorf("FEN tag: %v", err)
	}
	return p, nil
}

// Replay plays the game's moves from its start under rules r and returns
// the record. An error names the move (its number and side) that does not
// parse or is illegal.
func (g *Game) Replay(r movegen.Rules) (*movegen.Game, error) {
	start, err := g.Start()
	if err != nil {
		return nil, err
	}
	rec := movegen.NewGame(start, r)
	north := start.Side() == position.North
	for i, m := range g.Moves {
		gm, err := position.ParseGameMove(m.Text)
		if err == nil {
			err = rec.Play(gm)
		}
		if err != nil {
			return rec, fmt.Errorf("move %s %s: %v", moveNumber(i, north), m.Text, err)
		}
	}
	return rec, nil
}

// moveNumber names ply i as PGN numbers it: "3." for the first move of
// pair 3, "3..." for the second.
func moveNumber(i int, northFirst bool) string {
	if northFirst {
		i++
	}
	if i%2 == 0 {
		return fmt.Sprintf("%d.", i/2+1)
	}
	return fmt.Sprintf("%d...", i/2+1)
}

// escape writes a tag value as PGN quotes it: backslash before '"' and
// '\'; line breaks become spaces.
func escape(s string) string {
	s = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(s)
	return s
}
