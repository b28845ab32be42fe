// The scale's rounding to whole warriors.

package eval

import "testing"

func TestRoundWarriors(t *testing.T) {
	for _, c := range [][2]int{{0, 0}, {49, 0}, {50, 1}, {149, 1}, {150, 2}, {-49, 0}, {-50, 0}, {-51, -1}, {-150, -1}, {-151, -2}, {-250, -2}} {
		if got := RoundWarriors(c[0]); got != c[1] {
			t.Errorf("RoundWarriors(%d) = %d, want %d", c[0], got, c[1])
		}
	}
}
