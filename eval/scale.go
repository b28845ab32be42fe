// The evaluation's scale: centi-warriors, and whole warriors from them.

package eval

// RoundWarriors rounds centi-warriors to the nearest whole warrior
// (halves up): the search's Warriors and the solver's first guess.
func RoundWarriors(cw int) int {
	q := (cw + 50) / 100
	if (cw+50)%100 < 0 {
		q--
	}
	return q
}
