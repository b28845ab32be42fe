// Time controls in cutechess's syntax (--tc) and the game clocks they
// give each player.

package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/limits"
)

// TimeControl is a game clock: Time for every Moves moves (0: for the
// whole game), plus Inc after each move. A zero TimeControl has no clock.
type TimeControl struct {
	Moves int
	Time  time.Duration
	Inc   time.Duration
	// Text is the control as given, for the PGN TimeControl tag.
	Text string
}

// periodMoves bounds a time control's moves per period.
var periodMoves = limits.Range{Min: 1, Max: 10000}

// ParseTimeControl reads cutechess's tc syntax, times in seconds:
//
//	inf                no clock
//	40/60              60 s for every 40 moves
//	10+0.1             10 s for the game, 0.1 s added after each move
//	40/1:30+0.5        periods and increment together; m:ss for minutes
//
// Times are bounded by limits.MoveTimeMS (the increment may be 0). st=T,
// a fixed time a move, is not a clock: ParseTC returns it separately.
func ParseTimeControl(s string) (TimeControl, error) {
	t := strings.TrimSpace(s)
	if t == "inf" {
		return TimeControl{}, nil
	}
	tc := TimeControl{Text: t}
	rest := t
	if moves, after, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil {
			return tc, fmt.Errorf("time control %s: moves %s is not a whole number", excerpt.Quote(s), excerpt.Quote(moves))
		}
		if err := periodMoves.Check(fmt.Sprintf("time control %s: moves", excerpt.Quote(s)), int64(n)); err != nil {
			return tc, err
		}
		tc.Moves, rest = n, after
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	if tc.Time, err = seconds(base); err != nil {
		return tc, fmt.Errorf("time control %s: time: %v", excerpt.Quote(s), err)
	}
	if err := limits.MoveTimeMS.CheckDuration(fmt.Sprintf("time control %s: time", excerpt.Quote(s)), tc.Time); err != nil {
		return tc, err
	}
	if hasInc {
		if tc.Inc, err = seconds(inc); err != nil {
			return tc, fmt.Errorf("time control %s: increment: %v", excerpt.Quote(s), err)
		}
		if tc.Inc != 0 {
			if err := limits.MoveTimeMS.CheckDuration(fmt.Sprintf("time control %s: increment", excerpt.Quote(s)), tc.Inc); err != nil {
				return tc, err
			}
		}
	}
	return tc, nil
}

// ParseTC reads --tc: a time control, or st=T (T seconds a move, as
// cutechess's st), returned as move.
func ParseTC(s string) (tc TimeControl, move time.Duration, err error) {
	if v, ok := strings.CutPrefix(strings.TrimSpace(s), "st="); ok {
		if move, err = seconds(v); err != nil {
			return tc, 0, fmt.Errorf("time control %s: %v", excerpt.Quote(s), err)
		}
		return tc, move, limits.MoveTimeMS.CheckDuration(fmt.Sprintf("time control %s: move time", excerpt.Quote(s)), move)
	}
	tc, err = ParseTimeControl(s)
	return tc, 0, err
}

// seconds reads "1.5" (seconds) or "1:30" (minutes and seconds).
func seconds(s string) (time.Duration, error) {
	min := 0.0
	if m, sec, ok := strings.Cut(s, ":"); ok {
		v, err := strconv.ParseUint(m, 10, 32)
		if err != nil {
			return 0, fmt.Errorf("%s: want seconds (1.5) or minutes:seconds (1:30)", excerpt.Quote(s))
		}
		min, s = float64(v), sec
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || math.IsNaN(v) || math.IsInf(v, 0) || min*60+v > 1e7 {
		return 0, fmt.Errorf("%s: want seconds (1.5) or minutes:seconds (1:30)", excerpt.Quote(s))
	}
	return time.Duration((min*60 + v) * float64(time.Second)), nil
}

// Spec returns the control in cutechess's syntax, as ParseTimeControl
// reads it: Text when set, else "40/60+0.1" made from the fields.
func (tc TimeControl) Spec() string {
	if tc.Text != "" {
		return tc.Text
	}
	if !tc.On() {
		return "inf"
	}
	sec := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
	s := sec(tc.Time)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Inc > 0 {
		s += "+" + sec(tc.Inc)
	}
	return s
}

// On reports whether tc has a clock.
func (tc TimeControl) On() bool { return tc.Time > 0 }

// Clock is the state of both clocks when a player is asked to move, as
// UGI's go command carries it (p1 is South).
type Clock struct {
	P1Time, P2Time, P1Inc, P2Inc time.Duration
	MovesToGo                    int // moves left in the period (0: the whole game)
}

// GoArgs returns the clock as the arguments of UGI's go command:
// "p1time 9800 p2time 10000 p1inc 100 p2inc 100 [movestogo 12]".
func (c Clock) GoArgs() string {
	ms := func(d time.Duration) int64 { return max(d.Milliseconds(), 0) }
	s := fmt.Sprintf("p1time %d p2time %d p1inc %d p2inc %d", max(ms(c.P1Time), 1), max(ms(c.P2Time), 1), ms(c.P1Inc), ms(c.P2Inc))
	if c.MovesToGo > 0 {
		s += fmt.Sprintf(" movestogo %d", c.MovesToGo)
	}
	return s
}

// clocks are a game's two clocks under a time control.
type clocks struct {
	tc    TimeControl
	left  [2]time.Duration // by side
	moves [2]int           // moves each side has made
}

func newClocks(tc TimeControl) *clocks {
	return &clocks{tc: tc, left: [2]time.Duration{tc.Time, tc.Time}}
}

// state returns the clocks for side to move.
func (c *clocks) state(side int) Clock {
	st := Clock{P1Time: c.left[0], P2Time: c.left[1], P1Inc: c.tc.Inc, P2Inc: c.tc.Inc}
	if c.tc.Moves > 0 {
		st.MovesToGo = c.tc.Moves - c.moves[side]%c.tc.Moves
	}
	return st
}

// spend charges side for a move that took d and reports whether its
// clock, with margin, held; then adds the increment and, at the end of a
// period, the next period's time.
func (c *clocks) spend(side int, d, margin time.Duration) bool {
	c.left[side] -= d
	if c.left[side] < -margin {
		return false
	}
	c.left[side] += c.tc.Inc
	c.moves[side]++
	if c.tc.Moves > 0 && c.moves[side]%c.tc.Moves == 0 {
		c.left[side] += c.tc.Time
	}
	return true
}
