// The board diagram shown after every move (position.Diagram may replace it).
package play

import (
	"fmt"
	"strings"

	"github.com/kiothi/kiothi/position"
)

// ANSI styles, used only when colour is on.
const (
	ansiReset   = "\x1b[0m"
	ansiBold    = "\x1b[1m"
	ansiYellow  = "\x1b[33m"
	ansiGreen   = "\x1b[32m"
	ansiReverse = "\x1b[7m"
)

// marks are the pits the last move lifted from, drawn in brackets.
type marks uint32

func lastMarks(m position.GameMove, ok bool) marks {
	switch {
	case !ok:
		return 0
	case m.Redistribution:
		return 1<<m.Opening.Pits[0] | 1<<m.Opening.Pits[1]
	}
	return 1 << uint(m.Play.Pit())
}

// Diagram draws p from South's seat: North's row on top, read J to A, so
// that each pit sits above the pit it faces. A '*' follows an nki count;
// the pits the last move lifted from are bracketed (and reversed in
// colour).
func Diagram(p position.Position, last marks, color bool) string {
	style := func(s, code string) string {
		if !color || code == "" {
			return s
		}
		return code + s + ansiReset
	}
	cell := func(i int) string {
		s := fmt.Sprint(p.Count(i))
		code := ""
		if p.Nki(i) {
			s += "*"
			code = ansiYellow
		}
		if last&(1<<uint(i)) != 0 {
			s = "[" + s + "]"
			code += ansiReverse
		}
		return style(fmt.Sprintf("%5s", s), code)
	}
	var b strings.Builder
	letters := func(first, step int) {
		b.WriteString("        ")
		for k := 0; k < position.RowPits; k++ {
			fmt.Fprintf(&b, "%5s", position.PitName(first+step*k))
		}
		b.WriteByte('\n')
	}
	row := func(name string, s position.Side, first, step int) {
		label := fmt.Sprintf("%-8s", name)
		if p.Side() == s {
			label = style(fmt.Sprintf("%-8s", name+" >"), ansiGreen+ansiBold)
		}
		b.WriteString(label)
		for k := 0; k < position.RowPits; k++ {
			b.WriteString(cell(first + step*k))
		}
		fmt.Fprintf(&b, "   prison %2d\n", p.Prison(s))
	}
	letters(position.NumPits-1, -1)
	row("North", position.North, position.NumPits-1, -1)
	row("South", position.South, 0, 1)
	letters(0, 1)
	fmt.Fprintf(&b, "turn %d, %s to move    %s\n", p.Turn(), sideName(p.Side()), p)
	return b.String()
}

func sideName(s position.Side) string {
	if s == position.South {
		return "South"
	}
	return "North"
}
