// What a play move did on the board (source, landing, captured pits), for front-ends.

package movegen

import "github.com/kiothi/kiothi/position"

// Trace is what a legal play move did: the pit it lifted from, the pit
// where its sowing ended, and the opponent's pits it captured (board
// order; empty when it captured nothing).
type Trace struct {
	Source, Landing int
	Captured        []int
}

// TraceMove plays m on p like MakeMove and also returns its trace.
func TraceMove(p position.Position, m position.Move, r Rules) (position.Position, Trace, Status) {
	if s := precheck(&p, m); s != Legal {
		return p, Trace{}, s
	}
	q := p
	last, s := sowLaps(&q, m.Pit(), m.Count(), r)
	if s != Legal {
		return p, Trace{}, s
	}
	before := q
	capture(&q, last, q.Side())
	t := Trace{Source: m.Pit(), Landing: last}
	for i := 0; i < position.NumPits; i++ {
		if i != last && before.Count(i) > 0 && q.Count(i) == 0 {
			t.Captured = append(t.Captured, i)
		}
	}
	q.EndTurn()
	return q, t, Legal
}
