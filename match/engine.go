// The engine as a player: package search at the limits of a spec.

package match

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/kiothi/kiothi/book"
	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// EnginePlayer searches with a search.Engine.
type EnginePlayer struct {
	cfg EngineConfig
	eng *search.Engine
	rng *rand.Rand
	bk  *book.Player // nil without a book
	// last is the search behind the last move, when it was searched.
	last   SearchInfo
	lastOK bool
	note   string // what the last search said of the endgame database
}

// NewEnginePlayer builds an engine with cfg's options under rules r; seed
// drives the random redistributions of opening=random.
func NewEnginePlayer(cfg EngineConfig, seed uint64, r movegen.Rules) (*EnginePlayer, error) {
	o := cfg.Options
	o.Rules = r
	if err := egdb.Unsuited(cfg.EGDB, o.DB, r); err != nil {
		return nil, fmt.Errorf("egdb=%s: %v", cfg.EGDB, err)
	}
	if o.DB != nil && o.DB.Rules() != r {
		o.DB = nil // auto's database, for other rules
	}
	e, err := search.NewEngine(o)
	if err != nil {
		return nil, err
	}
	e.NewGame()
	bk, err := newBookPlayer(cfg, seed, r)
	if err != nil {
		return nil, err
	}
	return &EnginePlayer{cfg: cfg, eng: e, rng: rand.New(rand.NewPCG(seed, 0x656e67696e65)), bk: bk}, nil
}

// Move searches g's position with the spec's limits, the move time capped
// by budget.
func (p *EnginePlayer) Move(ctx context.Context, g *movegen.Game, budget time.Duration) (position.GameMove, error) {
	l := p.cfg.Limits
	if budget > 0 && (l.MoveTime == 0 || l.MoveTime > budget) {
		l.MoveTime = budget
	}
	return p.move(ctx, g, l)
}

// clockOverhead is what the engine keeps back on a clock for the runner's
// own work around a move.
const clockOverhead = 5 * time.Millisecond

// MoveClock searches g's position on the clocks c (the search's time
// manager shares them out), within the spec's depth and nodes limits and
// its movetime when one was given.
func (p *EnginePlayer) MoveClock(ctx context.Context, g *movegen.Game, c Clock) (position.GameMove, error) {
	l := p.cfg.Limits
	if p.cfg.MoveTimeDefault {
		l.MoveTime = 0
	}
	l.P1Time, l.P2Time, l.P1Inc, l.P2Inc = max(c.P1Time, time.Millisecond), max(c.P2Time, time.Millisecond), c.P1Inc, c.P2Inc
	l.MoveOverhead = clockOverhead
	return p.move(ctx, g, l)
}

// move plays the book's move, an opening rule's, or the search's at l.
func (p *EnginePlayer) move(ctx context.Context, g *movegen.Game, l search.Limits) (position.GameMove, error) {
	pos := g.Current()
	p.lastOK, p.note = false, ""
	if m, ok := p.bookMove(g); ok {
		return m, nil
	}
	if pos.Phase() != position.Play {
		switch p.cfg.Opening {
		case OpeningRandom:
			return movegen.RandomOpening(&pos, p.rng)
		case OpeningPutBack:
			if m, ok := movegen.PutBack(&pos); ok {
				return position.Redistribute(m), nil
			}
		}
	}
	res := p.eng.Search(ctx, pos, g.History(), l, nil)
	p.note = res.Note
	if !res.HasMove {
		return position.GameMove{}, errors.New("engine returned no move")
	}
	p.last, p.lastOK = SearchInfo{Score: res.Score, Proven: res.Proven, Depth: res.Depth}, true
	return res.Best, nil
}

// LastSearch returns the search behind the last move.
func (p *EnginePlayer) LastSearch() (SearchInfo, bool) { return p.last, p.lastOK }

// Note returns what the last move's search said of the endgame database
// (its file changed: search.Result.Note), or "".
func (p *EnginePlayer) Note() string { return p.note }

// Close does nothing (the table is garbage collected).
func (p *EnginePlayer) Close() error { return nil }
