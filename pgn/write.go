// Writing a game: the tags, a blank line, the numbered moves and the
// result on one line, and a blank line, as cutegames writes them.

package pgn

import (
	"io"
	"strconv"
	"strings"

	"github.com/kiothi/kiothi/position"
)

// String returns the game in PGN:
//
//	[Event "kiothi match"]
//	...
//	[Termination "normal"]
//
//	1. a3 {+0.25/8 0.010s} B2 2. c1 ... 1-0
//
// Moves are numbered by pair from 1 ("1... " first when North moves
// first); a comment follows its move in braces ('}' in it becomes ')').
// The result closes the move line; a blank line follows the game.
func (g *Game) String() string {
	var b strings.Builder
	for _, t := range g.Tags {
		b.WriteString("[")
		b.WriteString(t.Name)
		b.WriteString(` "`)
		b.WriteString(escape(t.Value))
		b.WriteString("\"]\n")
	}
	b.WriteByte('\n')
	north := false
	if p, err := g.Start(); err == nil {
		north = p.Side() == position.North
	}
	ply := 0
	if north {
		b.WriteString("1... ")
		ply = 1
	}
	for _, m := range g.Moves {
		if ply%2 == 0 {
			b.WriteString(strconv.Itoa(ply/2 + 1))
			b.WriteString(". ")
		}
		b.WriteString(m.Text)
		b.WriteByte(' ')
		if m.Comment != "" {
			b.WriteByte('{')
			b.WriteString(strings.NewReplacer("}", ")", "\n", " ", "\r", " ").Replace(m.Comment))
			b.WriteString("} ")
		}
		ply++
	}
	res := g.Result
	if res == "" {
		res = Unknown
	}
	b.WriteString(res)
	b.WriteString("\n\n")
	return b.String()
}

// Write writes the game to w in one call, so that writers appending to
// one file never interleave inside a game.
func Write(w io.Writer, g *Game) error {
	_, err := io.WriteString(w, g.String())
	return err
}
