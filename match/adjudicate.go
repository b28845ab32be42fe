// Adjudication, as testers configure it: a resign rule and a draw rule on
// the engines' own scores, and a stop on a proven value; all off unless
// set.

package match

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/internal/plural"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Adjudication ends games early. A rule applies only to moves whose
// player reported a search (Reporter: the engine); a move without one
// breaks every run of agreeing moves. Its JSON form is a cluster game
// job's (docs/cluster.md), checked there by Check.
type Adjudication struct {
	// Resign: when both players' last ResignMoves searches agree that
	// one side is lost by ResignScore centi-warriors or more (the loser's
	// at most -ResignScore, the winner's at least ResignScore), the game
	// ends for the winner (0: no rule).
	ResignMoves int `json:"resign_moves,omitempty"`
	ResignScore int `json:"resign_score,omitempty"`
	// Draw: from move pair DrawFrom on, when both players' last
	// DrawMoves searches are within ±DrawScore, the game is drawn.
	DrawFrom  int `json:"draw_from,omitempty"`
	DrawMoves int `json:"draw_moves,omitempty"`
	DrawScore int `json:"draw_score,omitempty"`
	// Proven ends the game at a proven value a player's search reports,
	// with that value as its margin.
	Proven bool `json:"proven,omitempty"`
}

// On reports whether any rule is set.
func (a Adjudication) On() bool { return a.ResignMoves > 0 || a.DrawMoves > 0 || a.Proven }

// adjMoves bounds a rule's move count; adjScore its score, in warriors.
var (
	adjMoves = limits.Range{Min: 1, Max: 1000}
	adjScore = limits.Range{Min: 0, Max: int64(position.MaxTotal)}
)

// Check checks the rules' bounds, as ParseResign and ParseDraw do (an
// Adjudication that came from another process).
func (a Adjudication) Check() error {
	for _, c := range []struct {
		what string
		r    limits.Range
		v    int
		zero bool // 0 allowed: the rule is off
	}{
		{"resign movecount", adjMoves, a.ResignMoves, true},
		{"resign score", adjScore, a.ResignScore / 100, a.ResignMoves == 0},
		{"draw movenumber", adjMoves, a.DrawFrom, a.DrawMoves == 0},
		{"draw movecount", adjMoves, a.DrawMoves, true},
		{"draw score", adjScore, a.DrawScore / 100, true},
	} {
		if c.v == 0 && c.zero {
			continue
		}
		if err := c.r.Check(c.what, int64(c.v)); err != nil {
			return err
		}
	}
	switch {
	case a.ResignScore%100 != 0 || a.DrawScore%100 != 0:
		return fmt.Errorf("resign score %d, draw score %d: want whole warriors (multiples of 100)", a.ResignScore, a.DrawScore)
	case a.ResignMoves > 0 && a.ResignScore == 0:
		return errors.New("resign score must be at least 1 warrior")
	case a.ResignMoves == 0 && a.ResignScore != 0, a.DrawMoves == 0 && (a.DrawScore != 0 || a.DrawFrom != 0):
		return errors.New("a rule's score or move number without its movecount")
	}
	return nil
}

// ParseResign reads --resign "movecount=M,score=N" (N in warriors).
func (a *Adjudication) ParseResign(s string) error {
	v, err := keyValues("resign", s, []string{"movecount", "score"}, nil)
	if err != nil {
		return err
	}
	a.ResignMoves, a.ResignScore = v["movecount"], 100*v["score"]
	if a.ResignScore == 0 {
		return fmt.Errorf("resign %s: score must be at least 1 warrior", excerpt.Quote(s))
	}
	return nil
}

// ParseDraw reads --draw "movenumber=K,movecount=M,score=S" (S in
// warriors; movenumber defaults to 1).
func (a *Adjudication) ParseDraw(s string) error {
	v, err := keyValues("draw", s, []string{"movecount", "score"}, []string{"movenumber"})
	if err != nil {
		return err
	}
	a.DrawFrom, a.DrawMoves, a.DrawScore = max(v["movenumber"], 1), v["movecount"], 100*v["score"]
	return nil
}

// keyValues reads "k=v,..." with the keys need (required) and may.
func keyValues(what, s string, need, may []string) (map[string]int, error) {
	out := map[string]int{}
	for _, kv := range strings.Split(s, ",") {
		k, val, ok := strings.Cut(strings.TrimSpace(kv), "=")
		known := false
		for _, n := range append(append([]string(nil), need...), may...) {
			known = known || n == k
		}
		if !ok || !known {
			return nil, fmt.Errorf("%s %s: want %s=N,... (keys %s)", what, excerpt.Quote(s), need[0], strings.Join(append(append([]string(nil), need...), may...), ", "))
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("%s %s: %s given twice", what, excerpt.Quote(s), k)
		}
		n, err := strconv.Atoi(val)
		r := adjMoves
		if k == "score" {
			r = adjScore
		}
		if err != nil {
			return nil, fmt.Errorf("%s %s: %s=%s: want a whole number; %s", what, excerpt.Quote(s), k, excerpt.Quote(val), r.Want())
		}
		if err := r.Check(fmt.Sprintf("%s %s: %s", what, excerpt.Quote(s), k), int64(n)); err != nil {
			return nil, err
		}
		out[k] = n
	}
	for _, k := range need {
		if _, ok := out[k]; !ok {
			return nil, fmt.Errorf("%s %s: %s missing", what, excerpt.Quote(s), k)
		}
	}
	return out, nil
}

// adjudicator follows a game's scores for the rules.
type adjudicator struct {
	a Adjudication
	// runs by side: how many of the side's last searches in a row said
	// it is lost (resign), winning (resign), or even (draw).
	lost, won, even [2]int
}

// after looks at a move just played by side (note, its search) in game
// g, and returns the outcome and reason when a rule ends the game.
func (d *adjudicator) after(side position.Side, note MoveNote, g *movegen.Game) (movegen.Outcome, string, bool) {
	s := int(side)
	if !note.HasSearch {
		d.lost, d.won, d.even = [2]int{}, [2]int{}, [2]int{}
		return movegen.Outcome{}, "", false
	}
	v := note.Search.Score
	p := g.Current()
	if d.a.Proven && note.Search.Proven {
		return marginOutcome(&p, side, v/100), fmt.Sprintf("%s's search proved a margin of %+d", side, v/100), true
	}
	d.lost[s], d.won[s], d.even[s] = runOf(d.lost[s], v <= -d.a.ResignScore), runOf(d.won[s], v >= d.a.ResignScore), runOf(d.even[s], abs(v) <= d.a.DrawScore)
	o := s ^ 1
	if n := d.a.ResignMoves; n > 0 {
		for _, loser := range []int{s, o} {
			if d.lost[loser] >= n && d.won[loser^1] >= n {
				l := position.Side(loser)
				return marginOutcome(&p, l, -d.a.ResignScore/100), fmt.Sprintf("%s resigns: both engines saw it lost by %d or more for %s", l, d.a.ResignScore/100, plural.Count(n, "move")), true
			}
		}
	}
	if n := d.a.DrawMoves; n > 0 && (len(g.Moves)-1)/2+1 >= d.a.DrawFrom && d.even[s] >= n && d.even[o] >= n {
		return marginOutcome(&p, side, 0), fmt.Sprintf("draw: both engines saw the game within %d for %s", d.a.DrawScore/100, plural.Count(n, "move")), true
	}
	return movegen.Outcome{}, "", false
}

func runOf(n int, holds bool) int {
	if holds {
		return n + 1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// marginOutcome returns final prisons holding every warrior of p with
// margin m for side (South's prison minus North's from South's view),
// m brought to the parity of the total and within it.
func marginOutcome(p *position.Position, side position.Side, m int) movegen.Outcome {
	if side == position.North {
		m = -m
	}
	t := p.Total()
	m = max(min(m, t), -t)
	if (t-m)%2 != 0 {
		if m > 0 {
			m--
		} else {
			m++
		}
	}
	return movegen.Outcome{South: (t + m) / 2, North: (t - m) / 2}
}
