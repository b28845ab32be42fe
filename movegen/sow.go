// Sowing: the rules that make a play move, its legality and its captures.

package movegen

import "github.com/kiothi/kiothi/position"

// Rules are the settings that change what is legal. Pass them by value; no
// rule lives in a package variable.
type Rules struct {
	// FreeFirstLap drops the first-lap restriction (variant free-first-lap).
	FreeFirstLap bool
}

// MaxLaps is the sowing limit of RULES.md §4: a move whose sowing has not
// ended after this many laps is illegal.
const MaxLaps = 10000

// Status says whether a play move is legal and, if not, why.
type Status uint8

const (
	Legal        Status = iota
	NotYourPit          // the pit is on the opponent's row
	EmptyPit            // nothing to lift
	TooMany             // more warriors than the pit holds, or none
	FirstLap            // the first lap would end in an occupied pit of the mover's row
	Endless             // the sowing has not ended after MaxLaps laps
	NotPlayPhase        // turns 1 and 2 take redistributions
)

var statusText = [...]string{
	Legal:        "legal",
	NotYourPit:   "not your pit",
	EmptyPit:     "the pit is empty",
	TooMany:      "the pit does not hold that many warriors",
	FirstLap:     "first-lap restriction: the first lap would end in an occupied pit of your own row",
	Endless:      "the sowing does not end within 10,000 laps",
	NotPlayPhase: "turns 1 and 2 are redistributions, not sowing moves",
}

func (s Status) String() string { return statusText[s] }

// Error makes a Status usable as an error.
func (s Status) Error() string { return s.String() }

// Sow plays the already-validated pit and count on p (lift, laps, relays,
// captures) without ending the turn. It returns Legal, FirstLap or
// Endless; on the last two p is left in an unspecified state.
func Sow(p *position.Position, pit, n int, r Rules) Status {
	last, s := sowLaps(p, pit, n, r)
	if s == Legal {
		capture(p, last, p.Side())
	}
	return s
}

// sowLaps plays the lift, the laps and the relays of a sowing and returns
// the pit where it ended (empty before the last warrior arrived), or why
// the move is illegal.
func sowLaps(p *position.Position, pit, n int, r Rules) (last int, s Status) {
	last, occupied := p.SowFirstLap(pit, n)
	if occupied {
		if !r.FreeFirstLap && position.Owner(last) == p.Side() {
			return last, FirstLap
		}
		var ok bool
		if last, ok = p.Relay(last, 1, MaxLaps); !ok {
			return last, Endless
		}
	}
	return last, Legal
}

// capture applies RULES.md §5 to a sowing by side that ended in empty pit
// last (which now holds the one warrior that landed).
func capture(p *position.Position, last int, side position.Side) {
	if position.Owner(last) != side {
		return
	}
	taken := 0
	if opp := position.Facing(last); p.Count(opp) > 0 && !p.Nki(opp) {
		taken = p.Take(opp)
	}
	if last == position.Leftmost(side) {
		// The enemy pits facing the mover's 2nd, 3rd and 4th pits.
		b := position.Facing(last + 1)
		if free := p.Occupied() &^ p.NkiMask(); free>>uint(b-2)&7 == 7 {
			taken += p.Take(b) + p.Take(b-1) + p.Take(b-2)
		}
	}
	if taken > 0 {
		p.AddPrison(side, taken+p.Take(last))
	}
}

// precheck applies the checks that need no sowing.
func precheck(p *position.Position, m position.Move) Status {
	if p.Phase() != position.Play {
		return NotPlayPhase
	}
	pit, n := m.Pit(), m.Count()
	if pit >= position.NumPits || position.Owner(pit) != p.Side() {
		return NotYourPit
	}
	c := p.Count(pit)
	if c == 0 {
		return EmptyPit
	}
	if n < 1 || n > c {
		return TooMany
	}
	return Legal
}

// Check returns whether play move m is legal in p, without playing it.
func Check(p *position.Position, m position.Move, r Rules) Status {
	if s := precheck(p, m); s != Legal {
		return s
	}
	q := *p
	return Sow(&q, m.Pit(), m.Count(), r)
}

// MakeMove returns the position after play move m, or the reason it is
// illegal (then p is returned unchanged).
func MakeMove(p position.Position, m position.Move, r Rules) (position.Position, Status) {
	if s := precheck(&p, m); s != Legal {
		return p, s
	}
	q := p
	if s := Sow(&q, m.Pit(), m.Count(), r); s != Legal {
		return p, s
	}
	q.EndTurn()
	return q, Legal
}
