// The game runner: two players, the repetition rule, a ply cap and
// forfeits for errors, crashes, late answers and illegal moves.

package match

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// End says how a game ended.
type End uint8

const (
	EndNoMove      End = iota // the side to move had no legal move (RULES.md §6)
	EndRepetition             // third occurrence of a position (RULES.md §6)
	EndPlyCap                 // the ply cap, adjudicated by the own-row sweep
	EndForfeit                // a player erred, crashed, ran late or moved illegally
	EndAdjudicated            // a resign, draw or proven-value rule (Adjudication)
)

var endText = [...]string{"no-move", "repetition", "ply-cap", "forfeit", "adjudicated"}

func (e End) String() string { return endText[e] }

// GameConfig bounds a game.
type GameConfig struct {
	Rules movegen.Rules
	// MaxPlies caps the moves played (0: no cap). A game still running
	// after MaxPlies moves is adjudicated like a repetition: each player's
	// prison receives the warriors on their own row.
	MaxPlies int
	// MoveTime is the budget a player is given for one move (0: none, the
	// players use their own limits; external players need one). Engine
	// specs use the smaller of it and their own movetime.
	MoveTime time.Duration
	// MoveTimeout is the time a player has for one move before it
	// forfeits (0: DefaultMoveTimeout, and at least MoveTime plus a
	// second).
	MoveTimeout time.Duration
	// TC, when on, gives each player a game clock (MoveTime and
	// MoveTimeout then do not apply): a player whose clock falls below
	// -TimeMargin loses on time.
	TC         TimeControl
	TimeMargin time.Duration
	// Adjudication ends games early by the engines' scores (off when
	// zero).
	Adjudication Adjudication
	// Note, if set, receives a player's note after its move (Noter),
	// with the side that moved.
	Note func(side position.Side, note string)
}

// TimeControlTag returns the PGN TimeControl tag of the game's limits:
// "0.1/move" for a move time offered to every player (cutechess's form),
// the time control as given with a clock ("40/60", "10+0.1"), "-" for
// none (the players keep their own limits).
func (c GameConfig) TimeControlTag() string {
	if c.TC.On() {
		return c.TC.Text
	}
	if c.MoveTime > 0 {
		return strconv.FormatFloat(c.MoveTime.Seconds(), 'f', -1, 64) + "/move"
	}
	return "-"
}

// GameResult is a finished game.
type GameResult struct {
	Start   position.Position
	Moves   []position.GameMove
	Outcome movegen.Outcome // final prisons
	End     End
	// Forfeit is the side that forfeited (with End == EndForfeit) and
	// Reason why.
	Forfeit position.Side
	Reason  string
	OnTime  bool // the forfeit was a clock that ran out
	// Notes has one entry a move when the game was played here (a game
	// from a remote worker has none): the time the move took and the
	// search behind it.
	Notes []MoveNote
}

// MoveNote is what the runner saw of one move.
type MoveNote struct {
	Time      time.Duration
	Search    SearchInfo
	HasSearch bool
}

// Margin returns South's final prison minus North's.
func (r *GameResult) Margin() int { return r.Outcome.Margin() }

// Points returns South's match points under multiplier m. A forfeit
// counts as an ordinary win and loss, whatever the margin.
func (r *GameResult) Points(m int) int {
	if r.End == EndForfeit {
		if r.Forfeit == position.South {
			return -1
		}
		return 1
	}
	return r.Outcome.Points(m)
}

// forfeitOutcome gives every warrior of the game, on the board and in both
// prisons, to the offender's opponent: a forfeit is a loss by the largest
// margin, so it never reads as a draw or a one-warrior result.
func forfeitOutcome(p *position.Position, offender position.Side) movegen.Outcome {
	var o movegen.Outcome
	if offender == position.South {
		o.North = p.Total()
	} else {
		o.South = p.Total()
	}
	return o
}

// DefaultMoveTimeout is a game's MoveTimeout when none is set.
const DefaultMoveTimeout = time.Minute

// PlayGame plays from start with south and north until the game ends.
// It returns an error only when ctx is cancelled; player failures are
// forfeits recorded in the result.
func PlayGame(ctx context.Context, start position.Position, south, north Player, cfg GameConfig) (GameResult, error) {
	timeout := cfg.MoveTimeout
	if timeout <= 0 {
		timeout = DefaultMoveTimeout
	}
	timeout = max(timeout, cfg.MoveTime+time.Second)
	budget := cfg.MoveTime
	if budget <= 0 {
		budget = timeout
	}
	var clk *clocks
	if cfg.TC.On() {
		clk = newClocks(cfg.TC)
	}
	adj := &adjudicator{a: cfg.Adjudication}
	g := movegen.NewGame(start, cfg.Rules)
	res := GameResult{Start: start}
	for {
		if o, over := g.Over(); over {
			res.Outcome = o
			res.End = EndNoMove
			if o.Repetition {
				res.End = EndRepetition
			}
			break
		}
		pos := g.Current()
		if cfg.MaxPlies > 0 && len(g.Moves) >= cfg.MaxPlies {
			res.Outcome = movegen.RepetitionOutcome(&pos)
			res.Outcome.Repetition = false
			res.End = EndPlyCap
			break
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
		side := pos.Side()
		pl := south
		if side == position.North {
			pl = north
		}
		moveBudget, moveTimeout := budget, timeout
		var clock *Clock
		if clk != nil {
			st := clk.state(int(side))
			clock = &st
			left := max(clk.left[side], 0)
			moveTimeout = left + cfg.TimeMargin
			moveBudget = max(left/30+cfg.TC.Inc/2, time.Millisecond) // for players without a clock
		}
		begin := time.Now()
		m, err := askMove(ctx, pl, g, moveBudget, moveTimeout, clock)
		took := time.Since(begin)
		if clk != nil && (err == nil && !clk.spend(int(side), took, cfg.TimeMargin) || err != nil && took > moveTimeout) {
			err = fmt.Errorf("lost on time: the move took %v with %v on the clock (margin %v)",
				took.Round(time.Millisecond), moveTimeout-cfg.TimeMargin, cfg.TimeMargin)
		}
		if err != nil && took > moveTimeout {
			res.OnTime = true
		}
		if err == nil {
			note := MoveNote{Time: took}
			if r, ok := pl.(Reporter); ok {
				note.Search, note.HasSearch = r.LastSearch()
			}
			if n, ok := pl.(Noter); ok && cfg.Note != nil {
				if s := n.Note(); s != "" {
					cfg.Note(side, s)
				}
			}
			err = g.Play(m)
			if err != nil {
				err = fmt.Errorf("illegal move %s: %v", m, err)
			} else {
				res.Notes = append(res.Notes, note)
				if cfg.Adjudication.On() {
					if _, over := g.Over(); !over {
						if o, why, ok := adj.after(side, note, g); ok {
							res.Outcome, res.End, res.Reason = o, EndAdjudicated, why
							break
						}
					}
				}
			}
		}
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			res.Outcome = forfeitOutcome(&pos, side)
			res.End, res.Forfeit, res.Reason = EndForfeit, side, err.Error()
			break
		}
	}
	res.Moves = g.Moves
	return res, nil
}

// askMove asks pl for a move, offering budget (or, when clock is not nil
// and pl plays on a clock, the clocks), within timeout. A panic
// becomes an error, a late answer a timeout; a player that ignores its
// context is abandoned a second after the deadline (its goroutine is left
// to finish alone, and the game is over by then, so it only ever reads g).
func askMove(ctx context.Context, pl Player, g *movegen.Game, budget, timeout time.Duration, clock *Clock) (position.GameMove, error) {
	mctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	type answer struct {
		m     position.GameMove
		err   error
		crash bool
	}
	ch := make(chan answer, 1)
	begin := time.Now()
	go func() {
		var a answer
		defer func() {
			if r := recover(); r != nil {
				a.err, a.crash = fmt.Errorf("crashed: %v", r), true
			}
			ch <- a
		}()
		if cp, ok := pl.(Clocked); ok && clock != nil {
			a.m, a.err = cp.MoveClock(mctx, g, *clock)
			return
		}
		a.m, a.err = pl.Move(mctx, g, budget)
	}()
	var a answer
	select {
	case a = <-ch:
	case <-time.After(timeout + time.Second):
		return a.m, fmt.Errorf("timeout: no answer within %v", timeout)
	}
	if a.crash {
		return a.m, a.err
	}
	if a.err != nil {
		return a.m, fmt.Errorf("error: %v", a.err)
	}
	if el := time.Since(begin); el > timeout {
		return a.m, fmt.Errorf("timeout: answered after %v, allowed %v", el.Round(time.Millisecond), timeout)
	}
	return a.m, nil
}

// Line returns the game as one line of a games file:
//
//	<start position> | <moves, space separated> | <S>-<N> <winner> <end>[: reason]
//
// S and N the final prisons, winner south, north or draw.
func (r *GameResult) Line() string {
	var b strings.Builder
	b.WriteString(r.Start.String())
	b.WriteString(" |")
	for _, m := range r.Moves {
		b.WriteByte(' ')
		b.WriteString(m.String())
	}
	fmt.Fprintf(&b, " | %d-%d %s %s", r.Outcome.South, r.Outcome.North, r.Outcome.Winner(), r.End)
	if r.End == EndForfeit {
		fmt.Fprintf(&b, " by %s: %s", r.Forfeit, strings.ReplaceAll(r.Reason, "\n", " "))
	}
	if r.End == EndAdjudicated {
		fmt.Fprintf(&b, ": %s", r.Reason)
	}
	return b.String()
}
