// The laps of a sowing, one hand at a time, for showing a move lap by lap.

package movegen

import "github.com/kiothi/kiothi/position"

// Lap is one hand of a sowing (RULES.md §4): the pit it was lifted from,
// how many warriors it sowed one a pit from the next pit on, and the pit
// where its last warrior landed.
type Lap struct{ From, N, End int }

// TraceLaps returns the laps of play move m in p, at most limit of them
// (more is true when the sowing goes on beyond), or the status when m is
// illegal. Captures come after the last lap and are not laps.
func TraceLaps(p position.Position, m position.Move, r Rules, limit int) (laps []Lap, more bool, s Status) {
	if s := Check(&p, m, r); s != Legal {
		return nil, false, s
	}
	pit, n := m.Pit(), m.Count()
	for len(laps) < limit {
		p.Lift(pit, n)
		last := p.Lap((pit+1)%position.NumPits, n)
		laps = append(laps, Lap{From: pit, N: n, End: last})
		if p.Count(last) < 2 {
			return laps, false, Legal
		}
		pit, n = last, p.Count(last)
	}
	return laps, true, Legal
}
