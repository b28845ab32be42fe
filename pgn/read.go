// Reading PGN: tag pairs and movetext, game by game, with errors that
// name the line; comments, move numbers, NAGs, annotation marks and
// variations are taken or skipped as PGN allows.

package pgn

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kiothi/kiothi/internal/excerpt"
)

// Bounds on what one game may hold, checked as it is read.
const (
	MaxTokenBytes   = 4096    // a tag name or value, a move
	MaxCommentBytes = 1 << 16 // one comment
	MaxMoves        = 100000  // moves in one game
	MaxTags         = 1000    // tags in one game
)

// Reader reads games from a PGN stream.
type Reader struct {
	r    *bufio.Reader
	line int
	bol  bool // at the beginning of a line
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader) *Reader { return &Reader{r: bufio.NewReader(r), line: 1, bol: true} }

// ReadAll reads every game of r.
func ReadAll(r io.Reader) ([]*Game, error) {
	pr := NewReader(r)
	var games []*Game
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		games = append(games, g)
	}
}

func (r *Reader) errorf(format string, a ...any) error {
	return fmt.Errorf("pgn line %d: %s", r.line, fmt.Sprintf(format, a...))
}

// read returns the next byte, counting lines; a line starting with '%'
// is skipped whole (PGN's escape mechanism).
func (r *Reader) read() (byte, error) {
	for {
		c, err := r.r.ReadByte()
		if err != nil {
			return 0, err
		}
		if r.bol && c == '%' {
			if _, err := r.skipLine(); err != nil {
				return 0, err
			}
			continue
		}
		r.bol = c == '\n'
		if c == '\n' {
			r.line++
		}
		return c, nil
	}
}

func (r *Reader) unread() {
	r.r.UnreadByte()
	// Only ever called right after read returned a byte other than '\n'.
	r.bol = false
}

// skipLine drops the rest of the line.
func (r *Reader) skipLine() (byte, error) {
	for {
		c, err := r.r.ReadByte()
		if err != nil {
			return 0, err
		}
		if c == '\n' {
			r.line++
			r.bol = true
			return c, nil
		}
	}
}

// skipSpace drops white space and returns the next byte.
func (r *Reader) skipSpace() (byte, error) {
	for {
		c, err := r.read()
		if err != nil {
			return 0, err
		}
		if !isSpace(c) {
			return c, nil
		}
	}
}

// Next returns the next game, or io.EOF when none is left. An error
// names the line and what is wrong; the reader is not usable after one.
func (r *Reader) Next() (*Game, error) {
	g := &Game{}
	started, inMoves := false, false
	for {
		c, err := r.skipSpace()
		if err == io.EOF {
			if !started {
				return nil, io.EOF
			}
			if g.Result == "" {
				g.Result = Unknown // a game cut short: kept, result unknown
			}
			return g, nil
		}
		if err != nil {
			return nil, err
		}
		if !started {
			started, g.Line = true, r.line
		}
		switch {
		case c == '[':
			if inMoves {
				// Tags after moves and no result: the next game begins.
				r.unread()
				g.Result = Unknown
				return g, nil
			}
			if len(g.Tags) >= MaxTags {
				return nil, r.errorf("more than %d tags in one game", MaxTags)
			}
			t, err := r.tag()
			if err != nil {
				return nil, err
			}
			g.Tags = append(g.Tags, t)
		case c == '{':
			inMoves = true
			text, err := r.until('}', MaxCommentBytes, "comment")
			if err != nil {
				return nil, err
			}
			if n := len(g.Moves); n > 0 {
				m := &g.Moves[n-1]
				if m.Comment != "" {
					m.Comment += " "
				}
				m.Comment += strings.Join(strings.Fields(text), " ")
			}
		case c == ';':
			inMoves = true
			if _, err := r.skipLine(); err != nil && err != io.EOF {
				return nil, err
			}
		case c == '(':
			inMoves = true
			if err := r.skipVariation(); err != nil {
				return nil, err
			}
		case c == ')':
			return nil, r.errorf("')' without a variation to close")
		default:
			inMoves = true
			r.unread()
			tok, err := r.token()
			if err != nil {
				return nil, err
			}
			for num := true; num; {
				num, tok = cutMoveNumber(tok) // "1." alone, or glued to its move: "1.a3"
			}
			tok = strings.TrimRight(tok, "!?")
			switch {
			case tok == SouthWins || tok == NorthWins || tok == Draw || tok == Unknown:
				g.Result = tok
				return g, nil
			case tok == "" || tok[0] == '$' || strings.Trim(tok, ".") == "":
				// a move number, a NAG or an annotation mark
			default:
				if len(g.Moves) >= MaxMoves {
					return nil, r.errorf("more than %d moves in one game", MaxMoves)
				}
				g.Moves = append(g.Moves, Move{Text: tok})
			}
		}
	}
}

// tag reads `Name "Value"]` after the '['.
func (r *Reader) tag() (Tag, error) {
	line := r.line
	c, err := r.skipSpace()
	if err != nil {
		return Tag{}, r.errorf("tag cut short")
	}
	var name strings.Builder
	for isNameByte(c) {
		if name.Len() >= MaxTokenBytes {
			return Tag{}, r.errorf("tag name longer than %d bytes", MaxTokenBytes)
		}
		name.WriteByte(c)
		if c, err = r.read(); err != nil {
			return Tag{}, r.errorf("tag %s cut short", excerpt.Quote(name.String()))
		}
	}
	if name.Len() == 0 {
		return Tag{}, r.errorf("tag: want a name after '[', got %s", excerpt.Quote(string(c)))
	}
	if c == ' ' || c == '\t' {
		if c, err = r.skipSpace(); err != nil {
			return Tag{}, r.errorf("tag %s cut short", name.String())
		}
	}
	if c != '"' {
		return Tag{}, r.errorf("tag %s: want a quoted value, got %s", name.String(), excerpt.Quote(string(c)))
	}
	var val strings.Builder
	for {
		c, err := r.read()
		if err != nil {
			return Tag{}, r.errorf("tag %s: value not closed by '\"'", name.String())
		}
		if c == '\n' {
			return Tag{}, fmt.Errorf("pgn line %d: tag %s: value not closed by '\"' on its line", line, name.String())
		}
		if c == '"' {
			break
		}
		if c == '\\' {
			if c, err = r.read(); err != nil {
				return Tag{}, r.errorf("tag %s: value not closed by '\"'", name.String())
			}
		}
		if val.Len() >= MaxTokenBytes {
			return Tag{}, r.errorf("tag %s: value longer than %d bytes", name.String(), MaxTokenBytes)
		}
		val.WriteByte(c)
	}
	c, err = r.skipSpace()
	if err != nil || c != ']' {
		return Tag{}, r.errorf("tag %s: want ']' after the value", name.String())
	}
	return Tag{name.String(), val.String()}, nil
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// until reads up to the closing byte end, at most max bytes.
func (r *Reader) until(end byte, max int, what string) (string, error) {
	start := r.line
	var b strings.Builder
	for {
		c, err := r.read()
		if err != nil {
			return "", fmt.Errorf("pgn line %d: %s not closed by '%c'", start, what, end)
		}
		if c == end {
			return b.String(), nil
		}
		if b.Len() >= max {
			return "", fmt.Errorf("pgn line %d: %s longer than %d bytes", start, what, max)
		}
		b.WriteByte(c)
	}
}

// skipVariation drops a (variation), nested ones and comments in it.
func (r *Reader) skipVariation() error {
	start, depth := r.line, 1
	for depth > 0 {
		c, err := r.read()
		if err != nil {
			return fmt.Errorf("pgn line %d: variation not closed by ')'", start)
		}
		switch c {
		case '(':
			if depth++; depth > 100 {
				return fmt.Errorf("pgn line %d: variations nested more than 100 deep", start)
			}
		case ')':
			depth--
		case '{':
			if _, err := r.until('}', MaxCommentBytes, "comment"); err != nil {
				return err
			}
		}
	}
	return nil
}

// token reads a movetext symbol up to white space or a delimiter.
func (r *Reader) token() (string, error) {
	var b strings.Builder
	for {
		c, err := r.read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", err
		}
		if isSpace(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '[' || c == ']' {
			if c == '\n' {
				r.line-- // read again below
			}
			r.r.UnreadByte()
			r.bol = false
			break
		}
		if b.Len() >= MaxTokenBytes {
			return "", r.errorf("symbol longer than %d bytes", MaxTokenBytes)
		}
		b.WriteByte(c)
	}
	if b.Len() == 0 {
		c, _ := r.r.ReadByte()
		return "", r.errorf("unexpected %s", excerpt.Quote(string(c)))
	}
	return b.String(), nil
}

// cutMoveNumber splits a leading move number ("12." or "12...") from s.
func cutMoveNumber(s string) (num bool, rest string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i == len(s) || s[i] != '.' {
		return false, s
	}
	for i < len(s) && s[i] == '.' {
		i++
	}
	return true, s[i:]
}
