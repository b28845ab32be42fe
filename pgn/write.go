// Writing a game: the tags, a blank line, the numbered moves and the
// result on one line, and a blank line, as cutegames writes them.

package pgn

import (
	"bytes"
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
//	1. a3 {+0.25/8 0.010s} B2 (B1 2. c3) 2. c1 ... 1-0
//
// Moves are numbered by pair from 1 ("1... " first when North moves
// first, and on a pair's second move after a variation); a comment
// follows its move in braces ('}' in it becomes ')'), then the move's
// variations, each in parentheses. The result closes the move line; a
// blank line follows the game.
func (g *Game) String() string {
	var b bytes.Buffer
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
		ply = 1
	}
	writeLine(&b, g.Moves, ply)
	res := g.Result
	if res == "" {
		res = Unknown
	}
	b.WriteString(res)
	b.WriteString("\n\n")
	return b.String()
}

var commentText = strings.NewReplacer("}", ")", "\n", " ", "\r", " ")

// writeLine writes moves from ply (counted from the game's first pair,
// 0 its first move), each followed by a space.
func writeLine(b *bytes.Buffer, moves []Move, ply int) {
	number := true // the first move of a line is numbered
	for _, m := range moves {
		switch {
		case ply%2 == 0:
			b.WriteString(strconv.Itoa(ply/2 + 1))
			b.WriteString(". ")
		case number:
			b.WriteString(strconv.Itoa(ply/2 + 1))
			b.WriteString("... ")
		}
		b.WriteString(m.Text)
		b.WriteByte(' ')
		if m.Comment != "" {
			b.WriteByte('{')
			b.WriteString(commentText.Replace(m.Comment))
			b.WriteString("} ")
		}
		number = false
		for _, v := range m.Variations {
			if len(v) == 0 {
				continue
			}
			b.WriteByte('(')
			writeLine(b, v, ply)
			b.Truncate(b.Len() - 1) // the space after the last move
			b.WriteString(") ")
			number = true
		}
		ply++
	}
}

// Write writes the game to w in one call, so that writers appending to
// one file never interleave inside a game.
func Write(w io.Writer, g *Game) error {
	_, err := io.WriteString(w, g.String())
	return err
}
