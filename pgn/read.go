// Reading PGN as a stream, a game at a time, within bounds on the bytes,
// the games and each game's size, with errors that name the line and the
// bound; comments and variations (RAV) are kept, move numbers, NAGs and
// annotation marks skipped, as PGN allows.

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
	MaxTokenBytes       = 4096    // a tag name or value, a move
	MaxCommentBytes     = 1 << 16 // one comment
	MaxGameCommentBytes = 1 << 20 // all the comments of one game
	MaxMoves            = 100000  // moves in one game, variations included
	MaxTags             = 1000    // tags in one game
	MaxVariationDepth   = 100     // variations nested in variations
)

// Bounds on a stream, the defaults of NewReader's Reader.
const (
	DefaultMaxBytes = 1 << 30   // bytes read
	DefaultMaxGames = 1_000_000 // games read
)

// Reader reads games from a PGN stream, one at a time (Next). MaxBytes
// and MaxGames bound the bytes and the games it reads (0: no bound); a
// stream past either is an error naming the bound.
type Reader struct {
	MaxBytes int64
	MaxGames int
	r        *bufio.Reader
	line     int
	bol      bool  // at the beginning of a line
	n        int64 // bytes read
	games    int   // games returned
	comments int   // comment bytes of the game being read
	moves    int   // moves of the game being read, variations included
	over     bool  // the byte bound was reached: every error is that one
}

// NewReader returns a Reader of r with the default bounds.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: bufio.NewReader(r), line: 1, bol: true, MaxBytes: DefaultMaxBytes, MaxGames: DefaultMaxGames}
}

// ReadAll reads every game of r (within NewReader's bounds).
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

// errBytes is the byte bound's error.
type errBytes struct{ max int64 }

func (e errBytes) Error() string {
	return fmt.Sprintf("more than %d bytes of PGN (the byte bound)", e.max)
}

// byteRead reads one byte, within the byte bound.
func (r *Reader) byteRead() (byte, error) {
	if r.MaxBytes > 0 && r.n >= r.MaxBytes {
		if _, err := r.r.Peek(1); err != nil {
			return 0, err
		}
		r.over = true
		return 0, errBytes{r.MaxBytes}
	}
	c, err := r.r.ReadByte()
	if err == nil {
		r.n++
	}
	return c, err
}

// unreadByte steps back the byte just read.
func (r *Reader) unreadByte() {
	if r.r.UnreadByte() == nil {
		r.n--
	}
}

func (r *Reader) errorf(format string, a ...any) error {
	return fmt.Errorf("pgn line %d: %s", r.line, fmt.Sprintf(format, a...))
}

// read returns the next byte, counting lines; a line starting with '%'
// is skipped whole (PGN's escape mechanism).
func (r *Reader) read() (byte, error) {
	for {
		c, err := r.byteRead()
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
	r.unreadByte()
	// Only ever called right after read returned a byte other than '\n'.
	r.bol = false
}

// skipLine drops the rest of the line.
func (r *Reader) skipLine() (byte, error) {
	for {
		c, err := r.byteRead()
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
// names the line and what is wrong (a bound: which one); the reader is
// not usable after one.
func (r *Reader) Next() (*Game, error) {
	g, err := r.next()
	if r.over {
		return nil, r.errorf("%v", errBytes{r.MaxBytes})
	}
	return g, err
}

func (r *Reader) next() (*Game, error) {
	g := &Game{}
	started := false
	r.comments, r.moves = 0, 0
	for {
		c, err := r.skipSpace()
		if err == io.EOF {
			if !started {
				return nil, io.EOF
			}
			g.Result = Unknown // tags and no moves at the end: result unknown
			return g, nil
		}
		if err != nil {
			return nil, err
		}
		if !started {
			if r.MaxGames > 0 && r.games >= r.MaxGames {
				return nil, r.errorf("more than %d games (the game-count bound)", r.MaxGames)
			}
			r.games++
			started, g.Line = true, r.line
		}
		if c != '[' {
			r.unread()
			break
		}
		if len(g.Tags) >= MaxTags {
			return nil, r.errorf("more than %d tags in one game", MaxTags)
		}
		t, err := r.tag()
		if err != nil {
			return nil, err
		}
		g.Tags = append(g.Tags, t)
	}
	moves, res, err := r.line0(0)
	if err != nil {
		return nil, err
	}
	g.Moves, g.Result = moves, res
	return g, nil
}

// line0 reads a line of moves (the game's, at depth 0, or a variation's)
// up to its end: the result or the next game's tags at depth 0 (result
// "*" then, as at the end of the input), ')' in a variation. Comments go
// to the move before them, variations to the move they replace.
func (r *Reader) line0(depth int) ([]Move, string, error) {
	var moves []Move
	var comment strings.Builder // the last move's comment
	flush := func() {
		if n := len(moves); n > 0 && comment.Len() > 0 {
			moves[n-1].Comment = comment.String()
			comment.Reset()
		}
	}
	start := r.line
	for {
		c, err := r.skipSpace()
		if err == io.EOF {
			if depth > 0 {
				return nil, "", fmt.Errorf("pgn line %d: variation not closed by ')'", start)
			}
			flush()
			return moves, Unknown, nil
		}
		if err != nil {
			return nil, "", err
		}
		switch {
		case c == '[':
			if depth > 0 {
				return nil, "", r.errorf("'[' in a variation")
			}
			// Tags after moves and no result: the next game begins.
			r.unread()
			flush()
			return moves, Unknown, nil
		case c == '{':
			text, err := r.until('}', MaxCommentBytes, "comment")
			if err != nil {
				return nil, "", err
			}
			if strings.IndexByte(text, 0) >= 0 {
				return nil, "", r.errorf("NUL byte in a comment")
			}
			words := strings.Fields(text)
			if len(moves) == 0 || len(words) == 0 {
				break // a comment before the first move is dropped
			}
			for _, w := range words {
				if r.comments += len(w) + 1; r.comments > MaxGameCommentBytes {
					return nil, "", r.errorf("comments of one game longer than %d bytes (the comment bound)", MaxGameCommentBytes)
				}
				if comment.Len() > 0 {
					comment.WriteByte(' ')
				}
				comment.WriteString(w)
			}
		case c == ';':
			if _, err := r.skipLine(); err != nil && err != io.EOF {
				return nil, "", err
			}
		case c == '(':
			if len(moves) == 0 {
				return nil, "", r.errorf("a variation before any move")
			}
			if depth+1 > MaxVariationDepth {
				return nil, "", r.errorf("variations nested more than %d deep", MaxVariationDepth)
			}
			flush()
			v, _, err := r.line0(depth + 1)
			if err != nil {
				return nil, "", err
			}
			if len(v) > 0 {
				m := &moves[len(moves)-1]
				m.Variations = append(m.Variations, v)
			}
		case c == ')':
			if depth == 0 {
				return nil, "", r.errorf("')' without a variation to close")
			}
			flush()
			return moves, "", nil
		default:
			r.unread()
			tok, err := r.token()
			if err != nil {
				return nil, "", err
			}
			for num := true; num; {
				num, tok = cutMoveNumber(tok) // "1." alone, or glued to its move: "1.a3"
			}
			tok = strings.TrimRight(tok, "!?")
			switch {
			case tok == SouthWins || tok == NorthWins || tok == Draw || tok == Unknown:
				if depth > 0 {
					break // a result inside a variation: skipped
				}
				flush()
				return moves, tok, nil
			case tok == "" || tok[0] == '$' || strings.Trim(tok, ".") == "":
				// a move number, a NAG or an annotation mark
			default:
				if r.moves >= MaxMoves {
					return nil, "", r.errorf("more than %d moves in one game", MaxMoves)
				}
				r.moves++
				flush()
				moves = append(moves, Move{Text: tok})
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
	t := Tag{name.String(), val.String()}
	if err := t.Check(); err != nil {
		return Tag{}, fmt.Errorf("pgn line %d: %v", line, err)
	}
	return t, nil
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
			r.unreadByte()
			r.bol = false
			break
		}
		if b.Len() >= MaxTokenBytes {
			return "", r.errorf("symbol longer than %d bytes", MaxTokenBytes)
		}
		b.WriteByte(c)
	}
	if b.Len() == 0 {
		c, _ := r.byteRead()
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
