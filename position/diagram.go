// A board diagram for people: both rows facing each other, as the players
// see the board from South's seat.
package position

import (
	"fmt"
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
func Diagram(p Position, last ...GameMove) string {
	var b strings.Builder
	letters := func(pits func(k int) int) {
		line := "      "
		for k := 0; k < RowPits; k++ {
			line += fmt.Sprintf("%3s ", PitName(pits(k)))
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	row := func(s Side, pits func(k int) int) {
		name := "South"
		if s == North {
			name = "North"
		}
		b.WriteString(name + " ")
		for k := 0; k < RowPits; k++ {
			i := pits(k)
			mark := " "
			if p.Nki(i) {
				mark = "*"
			}
			fmt.Fprintf(&b, "%3d%s", p.Count(i), mark)
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
	return b.String()
}

func sideName(s Side) string {
	if s == North {
		return "North"
	}
	return "South"
}
