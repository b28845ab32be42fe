// A game as PGN holds it: tags in order, moves with their comments, the
// result.

package pgn

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kiothi/kiothi/internal/excerpt"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Tag is one [Name "Value"] pair.
type Tag struct{ Name, Value string }

// Move is one move in the engine's notation, the comment after it
// (without braces; empty for none) and the variations that replace it
// (PGN RAV: each a line of moves played from the position before this
// move).
type Move struct {
	Text       string
	Comment    string
	Variations [][]Move
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

// Check returns an error naming the tag when it cannot be written and
// read back as it is: a name that is not letters, digits and '_', a
// name or value longer than MaxTokenBytes, a NUL byte, an empty FEN.
func (t Tag) Check() error {
	if t.Name == "" {
		return errors.New("tag with an empty name")
	}
	for i := 0; i < len(t.Name); i++ {
		if !isNameByte(t.Name[i]) {
			return fmt.Errorf("tag %s: name not letters, digits and '_'", excerpt.Quote(t.Name))
		}
	}
	switch {
	case len(t.Name) > MaxTokenBytes:
		return fmt.Errorf("tag name longer than %d bytes", MaxTokenBytes)
	case len(t.Value) > MaxTokenBytes:
		return fmt.Errorf("tag %s: value longer than %d bytes", t.Name, MaxTokenBytes)
	case strings.IndexByte(t.Value, 0) >= 0:
		return fmt.Errorf("tag %s: NUL byte in the value", t.Name)
	case t.Name == "FEN" && strings.TrimSpace(t.Value) == "":
		return fmt.Errorf("tag FEN: empty value (leave the tag out for the standard start)")
	}
	return nil
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
// the tag is absent. A tag that is no position is a *StartError.
func (g *Game) Start() (position.Position, error) {
	fen := g.Tag("FEN")
	if fen == "" {
		return position.Start(30), nil
	}
	p, err := position.ParseStart(fen)
	if err != nil {
		return p, &StartError{err}
	}
	return p, nil
}

// StartError is a FEN tag that is no position: the game has no start,
// so no move of it is illegal.
type StartError struct{ Err error }

func (e *StartError) Error() string { return "FEN tag: " + e.Err.Error() }
func (e *StartError) Unwrap() error { return e.Err }

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

// MoveNumber is the PGN move number of ply i (from 0) of a game whose
// first move is North's when northFirst: moves are numbered by pair from
// 1, and a game North starts begins with "1...".
func MoveNumber(i int, northFirst bool) int {
	if northFirst {
		i++
	}
	return i/2 + 1
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
