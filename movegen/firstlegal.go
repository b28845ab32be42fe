// A legal move of any position, for front-ends that must always answer.

package movegen

import "github.com/kiothi/kiothi/position"

// FirstLegal returns a legal move of p if there is one: the first play
// move in board order, or at the opening the redistribution that puts the
// first pair's warriors back where they were.
func FirstLegal(p position.Position, r Rules) (position.GameMove, bool) {
	if p.Phase() != position.Play {
		var m position.GameMove
		found := false
		ForEachPair(&p, func(i, j, _ int) {
			if found {
				return
			}
			var d [position.NumPits]int
			d[i], d[j] = p.Count(i), p.Count(j)
			if om, err := NewOpening(&p, i, j, d); err == nil {
				m, found = position.Redistribute(om), true
			}
		})
		return m, found
	}
	var list MoveList
	if Generate(&p, r, &list) > 0 {
		return position.PlayMove(list[0]), true
	}
	return position.GameMove{}, false
}
