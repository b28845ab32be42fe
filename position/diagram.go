// A board diagram for people: both rows facing each other, as the players
// see the board from South's seat.

package position

import (
	"fmt"
	"strconv"
	"strings"
)

// Diagram draws p for a person: North's row J..A above South's row a..j
// (so facing pits are in one column), pit letters, counts with '*' for nki,
// both prisons, the turn and the side to move. A last move, if given, is
// named under the board. The position string is not included.
//
//	        J   I   H   G   F   E   D   C   B   A
//	North   2*  2   1   0   3   2   3   2   3   6    prison 17  <- to move
//	South   2   5   2   5   2   1   0   1   0   1    prison 0
//	        a   b   c   d   e   f   g   h   i   j
//	turn 3, North to move
//	* nki: protected from capture
//	last move: d2
//
// It is DiagramStyle{}.Draw(p, last...).
func Diagram(p Position, last ...GameMove) string {
	return DiagramStyle{}.Draw(p, last...)
}

// DiagramStyle sets what Draw adds to the plain diagram (all off: exactly
// Diagram's). The columns are the same in every style.
type DiagramStyle struct {
	// Color uses ANSI colour: the side to move's name in bold green, nki
	// counts in yellow, the counts of the pits the last move lifted from
	// in reverse video.
	Color bool
	// MarkLast brackets the letters of the pits the last move lifted from
	// ("[e]"), so the move is visible without colour too.
	MarkLast bool
	// Position adds a line "position: <position string>" at the end.
	Position bool
}

// ANSI styles, used only with Color.
const (
	ansiReset   = "\x1b[0m"
	ansiBold    = "\x1b[1m"
	ansiYellow  = "\x1b[33m"
	ansiGreen   = "\x1b[32m"
	ansiReverse = "\x1b[7m"
)

// liftedPits are the pits move m lifted from: its pit, or a
// redistribution's two.
func liftedPits(m GameMove) uint32 {
	if m.Redistribution {
		return 1<<m.Opening.Pits[0] | 1<<m.Opening.Pits[1]
	}
	return 1 << uint(m.Play.Pit())
}

// Draw draws p in style st; the last of last, if any, is the last move.
func (st DiagramStyle) Draw(p Position, last ...GameMove) string {
	var lifted uint32
	if len(last) > 0 {
		lifted = liftedPits(last[len(last)-1])
	}
	paint := func(s, code string) string {
		if !st.Color || code == "" {
			return s
		}
		return code + s + ansiReset
	}
	var b strings.Builder
	letters := func(pits func(k int) int) {
		line := "      "
		for k := 0; k < RowPits; k++ {
			i := pits(k)
			if st.MarkLast && lifted&(1<<uint(i)) != 0 {
				line += " [" + PitName(i) + "]"
				continue
			}
			line += fmt.Sprintf("%3s ", PitName(i))
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	row := func(s Side, pits func(k int) int) {
		name := "South"
		if s == North {
			name = "North"
		}
		if p.Side() == s {
			name = paint(name, ansiGreen+ansiBold)
		}
		b.WriteString(name + " ")
		for k := 0; k < RowPits; k++ {
			i := pits(k)
			num, mark, code := strconv.Itoa(p.Count(i)), " ", ""
			if p.Nki(i) {
				num, mark, code = num+"*", "", ansiYellow
			}
			if lifted&(1<<uint(i)) != 0 {
				code += ansiReverse
			}
			b.WriteString(strings.Repeat(" ", max(3-len(strings.TrimSuffix(num, "*")), 0)))
			b.WriteString(paint(num, code) + mark)
		}
		fmt.Fprintf(&b, "   prison %d", p.Prison(s))
		if p.Side() == s {
			b.WriteString("  <- to move")
		}
		b.WriteString("\n")
	}
	north := func(k int) int { return NumPits - 1 - k } // J..A
	south := func(k int) int { return k }               // a..j
	letters(north)
	row(North, north)
	row(South, south)
	letters(south)

	fmt.Fprintf(&b, "turn %d, %s to move", p.Turn(), sideName(p.Side()))
	switch p.Phase() {
	case OpeningSouth:
		b.WriteString(" (opening: redistribution)")
	case OpeningNorth:
		b.WriteString(" (opening: redistribution, then every occupied pit becomes nki)")
	}
	b.WriteString("\n")
	if p.NkiMask() != 0 {
		b.WriteString("* nki: protected from capture\n")
	}
	for _, m := range last {
		fmt.Fprintf(&b, "last move: %s\n", m)
	}
	if st.Position {
		fmt.Fprintf(&b, "position: %s\n", p)
	}
	return b.String()
}

func sideName(s Side) string {
	if s == North {
		return "North"
	}
	return "South"
}
