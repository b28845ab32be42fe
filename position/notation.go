// Notation of RULES.md §7: position strings, play moves and opening moves.

package position

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kiothi/kiothi/internal/excerpt"
)

// Setup names a starting layout: 30 (standard) or 25 warriors a side.
type Setup int

// Start returns the starting position of a setup (30 or 25; anything else
// is treated as 30).
func Start(s Setup) Position {
	var counts [NumPits]int
	first := 4
	if s == 25 {
		first = 5
	}
	for i := first; i < RowPits; i++ {
		counts[i], counts[i+RowPits] = 5, 5
	}
	p, _ := New(counts, 0, [2]int{}, South, 1)
	return p
}

// New builds a position and checks it: counts 0..63, at most 63 warriors in
// all, nki marks only on occupied pits and never during the opening, turn 1
// South's and turn 2 North's.
func New(counts [NumPits]int, nki uint32, prisons [2]int, side Side, turn int) (Position, error) {
	var p Position
	total := 0
	for i, c := range counts {
		if c < 0 || c > MaxTotal {
			return p, fmt.Errorf("pit %s: count %d out of range 0..%d", PitName(i), c, MaxTotal)
		}
		total += c
	}
	for s, c := range prisons {
		if c < 0 || c > MaxTotal {
			return p, fmt.Errorf("%s prison: count %d out of range 0..%d", Side(s), c, MaxTotal)
		}
		total += c
	}
	if total > MaxTotal {
		return p, fmt.Errorf("%d warriors, at most %d", total, MaxTotal)
	}
	if nki&^nkiBits != 0 {
		return p, errors.New("nki mask names pits beyond 20")
	}
	if turn < 1 || turn > 0xFFFF {
		return p, fmt.Errorf("turn %d out of range 1..65535", turn)
	}
	if side > North {
		return p, errors.New("side must be south or north")
	}
	if turn == 1 && side != South {
		return p, errors.New("turn 1 belongs to South")
	}
	if turn == 2 && side != North {
		return p, errors.New("turn 2 belongs to North")
	}
	if turn <= 2 && nki != 0 {
		return p, errors.New("nki marks during the opening")
	}
	for i, c := range counts {
		if nki>>uint(i)&1 != 0 && c == 0 {
			return p, fmt.Errorf("nki mark on empty pit %s", PitName(i))
		}
		p.Put(i, c)
	}
	p.prison = [2]uint8{uint8(prisons[0]), uint8(prisons[1])}
	p.turn = uint16(turn)
	p.key += phaseKey(p.turn)
	p.SetSide(side)
	p.setNki(nki)
	return p, nil
}

// ParseStart reads a position argument as every front-end takes it:
// startpos (the standard setup), startpos25 (variant 25), or a position
// string as Parse reads it.
func ParseStart(s string) (Position, error) {
	switch strings.TrimSpace(s) {
	case "startpos":
		return Start(30), nil
	case "startpos25":
		return Start(25), nil
	}
	if !strings.Contains(s, " ") {
		return Position{}, fmt.Errorf("position %s: want startpos, startpos25 or a position string of 4 fields (board, prisons, side, turn)", excerpt.Quote(s))
	}
	p, err := Parse(s)
	if err != nil && !strings.HasPrefix(err.Error(), "position ") {
		err = fmt.Errorf("position %s: %v", excerpt.Quote(s), err)
	}
	return p, err
}

// ParseArgs reads a position from a command's arguments: the first
// (ParseStart), or the first four when the position string was given
// unquoted; the rest are moves. The error is the first argument's.
func ParseArgs(args []string) (Position, []string, error) {
	p, err := ParseStart(args[0])
	if err == nil {
		return p, args[1:], nil
	}
	if len(args) >= 4 {
		if q, err2 := ParseStart(strings.Join(args[:4], " ")); err2 == nil {
			return q, args[4:], nil
		}
	}
	return p, nil, err
}

// PitName returns the letter of pit i: a..j for South, A..J for North.
func PitName(i int) string {
	if i < 0 || i >= NumPits {
		return "?"
	}
	if i < RowPits {
		return string(rune('a' + i))
	}
	return string(rune('A' + i - RowPits))
}

// isPitLetter reports whether c is an ASCII letter, where a drop's count ends.
func isPitLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// ParsePit reads a pit letter.
func ParsePit(c byte) (int, bool) {
	switch {
	case c >= 'a' && c <= 'j':
		return int(c - 'a'), true
	case c >= 'A' && c <= 'J':
		return int(c-'A') + RowPits, true
	}
	return 0, false
}

// String returns the position in the notation of RULES.md §7.
func (p Position) String() string {
	var b strings.Builder
	b.Grow(64)
	for i := 0; i < NumPits; i++ {
		switch i {
		case 0:
		case RowPits:
			b.WriteByte('/')
		default:
			b.WriteByte('.')
		}
		b.WriteString(strconv.Itoa(p.Count(i)))
		if p.Nki(i) {
			b.WriteByte('*')
		}
	}
	fmt.Fprintf(&b, " %d-%d %c %d", p.prison[0], p.prison[1], "sn"[p.Side()], p.turn)
	return b.String()
}

// Parse reads a position string. Errors name the field and the reason.
func Parse(s string) (Position, error) {
	fields := strings.Split(s, " ")
	if len(fields) != 4 {
		return Position{}, fmt.Errorf("position %s: want 4 fields separated by single spaces (board, prisons, side, turn), got %d", excerpt.Quote(s), len(fields))
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 2 {
		return Position{}, fmt.Errorf("board %s: want two rows separated by '/', got %d", excerpt.Quote(fields[0]), len(rows))
	}
	var counts [NumPits]int
	var nki uint32
	for r, row := range rows {
		pits := strings.Split(row, ".")
		if len(pits) != RowPits {
			return Position{}, fmt.Errorf("row %d has %d pits, want %d", r+1, len(pits), RowPits)
		}
		for k, f := range pits {
			i := r*RowPits + k
			if strings.HasSuffix(f, "*") {
				f = f[:len(f)-1]
				nki |= 1 << uint(i)
			}
			n, err := parseCount(f)
			if err != nil {
				return Position{}, fmt.Errorf("pit %s: %s is not a count from 0 to %d", PitName(i), excerpt.Quote(pits[k]), MaxTotal)
			}
			counts[i] = n
		}
	}
	pr := strings.Split(fields[1], "-")
	if len(pr) != 2 {
		return Position{}, fmt.Errorf("prisons %s: want <south>-<north>", excerpt.Quote(fields[1]))
	}
	var prisons [2]int
	for s := range pr {
		n, err := parseCount(pr[s])
		if err != nil {
			return Position{}, fmt.Errorf("prisons %s: %s prison %s is not a count from 0 to %d", excerpt.Quote(fields[1]), Side(s), excerpt.Quote(pr[s]), MaxTotal)
		}
		prisons[s] = n
	}
	var side Side
	switch fields[2] {
	case "s":
		side = South
	case "n":
		side = North
	default:
		return Position{}, fmt.Errorf("side %s: want s or n", excerpt.Quote(fields[2]))
	}
	turn, err := strconv.Atoi(fields[3])
	if err != nil || turn < 1 || turn > 0xFFFF || fields[3][0] == '+' {
		return Position{}, fmt.Errorf("turn %s: want a number from 1 to 65535", excerpt.Quote(fields[3]))
	}
	return New(counts, nki, prisons, side, turn)
}

// parseCount reads a plain decimal 0..63 (no sign, no spaces).
func parseCount(s string) (int, error) {
	if s == "" || len(s) > 2 {
		return 0, errors.New("bad count")
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, errors.New("bad count")
		}
		n = n*10 + int(s[i]-'0')
	}
	if n > MaxTotal {
		return 0, errors.New("bad count")
	}
	return n, nil
}

// Move is a play move: a pit and the number of warriors lifted from it.
// The zero Move is NoMove.
type Move uint16

// NoMove is the absence of a move.
const NoMove Move = 0

// NewMove returns the move lifting n warriors from pit.
func NewMove(pit, n int) Move { return Move(pit | n<<5) }

// Pit returns the pit the move lifts from.
func (m Move) Pit() int { return int(m & 31) }

// Count returns the number of warriors lifted.
func (m Move) Count() int { return int(m >> 5) }

func (m Move) String() string {
	if m == NoMove {
		return "none"
	}
	return PitName(m.Pit()) + strconv.Itoa(m.Count())
}

// ParseMove reads a play move such as e5 or C12.
func ParseMove(s string) (Move, error) {
	if len(s) < 2 {
		return NoMove, fmt.Errorf("move %s: want a pit letter (a-j, A-J) and a count", excerpt.Quote(s))
	}
	pit, ok := ParsePit(s[0])
	if !ok {
		return NoMove, fmt.Errorf("move %s: %s is not a pit (a-j, A-J)", excerpt.Quote(s), excerpt.Char(s))
	}
	n, err := parseCount(s[1:])
	if err != nil || n == 0 {
		return NoMove, fmt.Errorf("move %s: %s is not a count from 1 to %d", excerpt.Quote(s), excerpt.Quote(s[1:]), MaxTotal)
	}
	return NewMove(pit, n), nil
}

// OpeningMove is a redistribution: two emptied pits (Pits[0] < Pits[1])
// and the number of warriors dropped into each of the 20 pits.
type OpeningMove struct {
	Pits  [2]uint8
	Drops [NumPits]uint8
}

// Lifted returns the sum of the drops.
func (m *OpeningMove) Lifted() int {
	n := 0
	for _, d := range m.Drops {
		n += int(d)
	}
	return n
}

// PairString returns the two emptied pits, as in "ij".
func PairString(i, j int) string { return PitName(i) + PitName(j) }

func (m OpeningMove) String() string {
	var b strings.Builder
	b.WriteString(PairString(int(m.Pits[0]), int(m.Pits[1])))
	b.WriteByte(':')
	for i, d := range m.Drops {
		if d > 0 {
			b.WriteString(PitName(i))
			b.WriteString(strconv.Itoa(int(d)))
		}
	}
	return b.String()
}

// ParseOpeningMove reads a redistribution such as ij:a3b2F5. It checks the
// form (pits in board order, each drop at least 1); legality is movegen's.
func ParseOpeningMove(s string) (OpeningMove, error) {
	var m OpeningMove
	colon := strings.IndexByte(s, ':')
	if colon < 0 {
		return m, fmt.Errorf("opening move %s: want <pit><pit>:<drops>, as in ij:a3b2F5", excerpt.Quote(s))
	}
	src, drops := s[:colon], s[colon+1:]
	if len(src) != 2 && utf8.RuneCountInString(src) == 2 {
		for k := range src {
			if _, ok := ParsePit(src[k]); !ok {
				return m, fmt.Errorf("opening move %s: %s is not a pit (a-j, A-J)", excerpt.Quote(s), excerpt.Char(src[k:]))
			}
		}
	}
	if len(src) != 2 {
		return m, fmt.Errorf("opening move %s: want exactly two emptied pits before ':', got %s", excerpt.Quote(s), excerpt.Quote(src))
	}
	for k := 0; k < 2; k++ {
		pit, ok := ParsePit(src[k])
		if !ok {
			return m, fmt.Errorf("opening move %s: %s is not a pit (a-j, A-J)", excerpt.Quote(s), excerpt.Char(src[k:]))
		}
		m.Pits[k] = uint8(pit)
	}
	if m.Pits[0] >= m.Pits[1] {
		return m, fmt.Errorf("opening move %s: the emptied pits must be two different pits in board order", excerpt.Quote(s))
	}
	last := -1
	for k := 0; k < len(drops); {
		pit, ok := ParsePit(drops[k])
		if !ok {
			return m, fmt.Errorf("opening move %s: %s is not a pit (a-j, A-J)", excerpt.Quote(s), excerpt.Char(drops[k:]))
		}
		if pit <= last {
			return m, fmt.Errorf("opening move %s: drop pits must be in board order, each once (%s)", excerpt.Quote(s), PitName(pit))
		}
		last = pit
		k++
		j := k
		for j < len(drops) && !isPitLetter(drops[j]) {
			j++
		}
		n, err := parseCount(drops[k:j])
		if err != nil || n == 0 {
			what := excerpt.Quote(drops[k:j]) + " is not a"
			if j == k {
				what = "missing"
			}
			return m, fmt.Errorf("opening move %s: drop into %s: %s count from 1 to %d", excerpt.Quote(s), PitName(pit), what, MaxTotal)
		}
		m.Drops[pit] = uint8(n)
		k = j
	}
	return m, nil
}

// GameMove is either kind of move, for game records and protocols.
type GameMove struct {
	Redistribution bool
	Play           Move
	Opening        OpeningMove
}

// PlayMove wraps a play move.
func PlayMove(m Move) GameMove { return GameMove{Play: m} }

// Redistribute wraps an opening move.
func Redistribute(m OpeningMove) GameMove { return GameMove{Redistribution: true, Opening: m} }

func (g GameMove) String() string {
	if g.Redistribution {
		return g.Opening.String()
	}
	return g.Play.String()
}

// ParseGameMove reads either notation (an opening move has a ':').
func ParseGameMove(s string) (GameMove, error) {
	if strings.IndexByte(s, ':') >= 0 {
		m, err := ParseOpeningMove(s)
		return Redistribute(m), err
	}
	m, err := ParseMove(s)
	return PlayMove(m), err
}
