// The set file: positions with every legal move's proven value.

package accuracy

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Item is one position of a set with the proven value of each legal move:
// the final prison difference under perfect play after the move, from the
// mover's view (solve's margin objective, no game history).
type Item struct {
	Pos    position.Position
	Moves  []position.Move
	Values []int
}

// Best returns the highest move value.
func (it *Item) Best() int {
	b := it.Values[0]
	for _, v := range it.Values[1:] {
		b = max(b, v)
	}
	return b
}

// Value returns the proven value of m and whether m is one of the item's
// moves.
func (it *Item) Value(m position.Move) (int, bool) {
	for i, x := range it.Moves {
		if x == m {
			return it.Values[i], true
		}
	}
	return 0, false
}

// Format writes it as one line: the position, " ; ", then "move=value"
// for each move, separated by single spaces.
func (it *Item) Format() string {
	var b strings.Builder
	b.WriteString(it.Pos.String())
	b.WriteString(" ;")
	for i, m := range it.Moves {
		fmt.Fprintf(&b, " %s=%d", m, it.Values[i])
	}
	return b.String()
}

// maxLine bounds a set file's line (a position and up to MaxMoves moves).
const maxLine = 1 << 16

// ReadFile reads the set file name (Parse); a parse error is prefixed
// with the file's name, an open error is os.Open's (it names the file).
func ReadFile(name string, r movegen.Rules) ([]Item, error) {
	f, err := wholefile.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	items, err := Parse(f, r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return items, nil
}

// Parse reads a set: one item a line as Format writes it; blank lines and
// lines starting with '#' are skipped. Each item must list every legal
// move of its position (under r) exactly once. Errors name the line.
func Parse(rd io.Reader, r movegen.Rules) ([]Item, error) {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	var items []Item
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		it, err := parseItem(line, r)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		items = append(items, it)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return items, nil
}

func parseItem(line string, r movegen.Rules) (Item, error) {
	ps, ms, ok := strings.Cut(line, ";")
	if !ok {
		return Item{}, fmt.Errorf("%s: want POSITION ; MOVE=VALUE ...", excerpt.Quote(line))
	}
	p, err := position.Parse(strings.TrimSpace(ps))
	if err != nil {
		return Item{}, err
	}
	if p.Phase() != position.Play {
		return Item{}, fmt.Errorf("position %s: not a play-phase position (turn 3 on)", excerpt.Quote(ps))
	}
	var list movegen.MoveList
	n := movegen.Generate(&p, r, &list)
	it := Item{Pos: p}
	for _, f := range strings.Fields(ms) {
		mv, vs, ok := strings.Cut(f, "=")
		if !ok {
			return Item{}, fmt.Errorf("%s: want MOVE=VALUE", excerpt.Quote(f))
		}
		m, err := position.ParseMove(mv)
		if err != nil {
			return Item{}, err
		}
		v, err := strconv.Atoi(vs)
		if err != nil || v < -position.MaxTotal || v > position.MaxTotal {
			return Item{}, fmt.Errorf("%s: value %s: want an integer from %d to %d", excerpt.Quote(f), excerpt.Quote(vs), -position.MaxTotal, position.MaxTotal)
		}
		legal := false
		for _, x := range list[:n] {
			legal = legal || x == m
		}
		if !legal {
			return Item{}, fmt.Errorf("move %s: not legal in %s", excerpt.Quote(mv), p)
		}
		if _, dup := it.Value(m); dup {
			return Item{}, fmt.Errorf("move %s given twice", excerpt.Quote(mv))
		}
		it.Moves, it.Values = append(it.Moves, m), append(it.Values, v)
	}
	if len(it.Moves) != n {
		return Item{}, fmt.Errorf("%d moves given, the position has %d legal moves", len(it.Moves), n)
	}
	if n == 0 {
		return Item{}, fmt.Errorf("position %s has no legal move", p)
	}
	return it, nil
}
