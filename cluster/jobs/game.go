// The game job kind: a match game, its bounds, its run on a worker, its result to and from its message form.

package jobs

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// KindGame is a game of a match (GameJob, GameOut).
const KindGame = "game"

func init() { cluster.RegisterKind[GameJob, GameOut](KindGame) }

// GameJob is game Number of a match, as match.PlayNumbered plays it.
type GameJob struct {
	Player1       string `json:"player1"` // player specs (match.ParseSpec)
	Player2       string `json:"player2"`
	Start         string `json:"start"` // the opening (RULES.md §7)
	Number        int    `json:"number"`
	Seed          uint64 `json:"seed"` // the match's seed
	FreeFirstLap  bool   `json:"free_first_lap,omitempty"`
	MaxPlies      int    `json:"max_plies"`
	MoveTimeMS    int64  `json:"movetime_ms,omitempty"`
	MoveTimeoutMS int64  `json:"move_timeout_ms,omitempty"`
	// TC is a game clock in cutechess's syntax (match.ParseTimeControl;
	// "": none), TimeMarginMS how far past it a player may go.
	TC           string `json:"tc,omitempty"`
	TimeMarginMS int64  `json:"time_margin_ms,omitempty"`
	// Adjudication's rules (nil: none), encoded and checked by match.
	Adjudication *match.Adjudication `json:"adjudication,omitempty"`
	// Notes asks for each move's note (time, score, depth) in the result.
	Notes bool `json:"notes,omitempty"`
}

// MaxNotedPlies bounds the moves of a game whose notes come back: a move
// and its note take at most about 100 bytes of the result message.
const MaxNotedPlies = 2000

// maxMillis bounds a time in a job: limits.MoveTimeMS.
var maxMillis = limits.MoveTimeMS.Max

func (g *GameJob) Untimed() bool { return g.MoveTimeMS == 0 && g.TC == "" }

func (g *GameJob) Check() error {
	if strings.TrimSpace(g.Player1) == "" || strings.TrimSpace(g.Player2) == "" {
		return errors.New("game: player1 and player2 specs are required")
	}
	if _, err := position.Parse(g.Start); err != nil {
		return fmt.Errorf("game: start: %v", err)
	}
	switch {
	case g.Number < 0:
		return fmt.Errorf("game: number %d: must not be negative", g.Number)
	case g.MoveTimeMS < 0 || g.MoveTimeMS > maxMillis:
		return fmt.Errorf("game: movetime_ms %d: want 0 to %d", g.MoveTimeMS, maxMillis)
	case len(g.TC) > 64:
		return fmt.Errorf("game: tc of %d bytes: at most 64", len(g.TC))
	case g.Notes && (g.MaxPlies < 1 || g.MaxPlies > MaxNotedPlies):
		return fmt.Errorf("game: max_plies %d with notes: want 1 to %d (a game's notes travel in one message)", g.MaxPlies, MaxNotedPlies)
	}
	for _, err := range []error{
		limits.GamePlies.Check("game: max_plies", int64(g.MaxPlies)),
		limits.MoveTimeMS.Check("game: move_timeout_ms", g.MoveTimeoutMS),
	} {
		if err != nil {
			return err
		}
	}
	_, err := g.config()
	return err
}

// config is the game's match.GameConfig, checked: the clock as
// match.ParseTimeControl reads it, the margin within
// limits.MoveOverheadMS, the adjudication as match.Adjudication.Check
// bounds it.
func (g *GameJob) config() (match.GameConfig, error) {
	c := match.GameConfig{
		Rules:       movegen.Rules{FreeFirstLap: g.FreeFirstLap},
		MaxPlies:    g.MaxPlies,
		MoveTime:    time.Duration(g.MoveTimeMS) * time.Millisecond,
		MoveTimeout: time.Duration(g.MoveTimeoutMS) * time.Millisecond,
		TimeMargin:  time.Duration(g.TimeMarginMS) * time.Millisecond,
	}
	if g.TC != "" {
		tc, err := match.ParseTimeControl(g.TC)
		if err != nil {
			return c, fmt.Errorf("game: tc: %v", err)
		}
		if !tc.On() {
			return c, fmt.Errorf("game: tc %s: no clock (leave tc out)", excerpt.Quote(g.TC))
		}
		c.TC = tc
	}
	if err := limits.MoveOverheadMS.Check("game: time_margin_ms", g.TimeMarginMS); err != nil {
		return c, err
	}
	if a := g.Adjudication; a != nil {
		c.Adjudication = *a
		if err := c.Adjudication.Check(); err != nil {
			return c, fmt.Errorf("game: adjudication: %v", err)
		}
		if !c.Adjudication.On() {
			return c, errors.New("game: adjudication with no rule (leave it out)")
		}
	}
	return c, nil
}

func (g *GameJob) Run(ctx context.Context, env *cluster.Env) (cluster.Output, error) {
	p1, err := specsOf(env).get(g.Player1)
	if err != nil {
		return nil, err
	}
	p2, err := specsOf(env).get(g.Player2)
	if err != nil {
		return nil, err
	}
	for _, p := range []match.Factory{p1, p2} {
		if p.External && !env.AllowExternal {
			return nil, fmt.Errorf("player %s runs a program on the worker: start the worker with --allow-ugi to allow it", excerpt.Quote(p.Name))
		}
	}
	start, _ := position.Parse(g.Start) // checked by ParseJob
	gc, _ := g.config()                 // checked by ParseJob
	r, err := match.PlayNumbered(ctx, match.Config{Player1: p1, Player2: p2, Seed: g.Seed, Game: gc}, start, g.Number)
	if err != nil {
		return nil, err
	}
	return gameOut(&r, g.Notes), nil
}

// MemoryMB is both players' memory.
func (g *GameJob) MemoryMB(env *cluster.Env) (int64, string, error) {
	p1, err := specsOf(env).get(g.Player1)
	if err != nil {
		return 0, "", err
	}
	p2, err := specsOf(env).get(g.Player2)
	if err != nil {
		return 0, "", err
	}
	return p1.MemoryMB + p2.MemoryMB, "its two players", nil
}

// GameOut is a played game (match.GameResult).
type GameOut struct {
	Start      string   `json:"start"`
	Moves      []string `json:"moves"`
	South      int      `json:"south"`
	North      int      `json:"north"`
	Repetition bool     `json:"repetition,omitempty"`
	End        string   `json:"end"`
	Forfeit    string   `json:"forfeit,omitempty"` // south or north
	Reason     string   `json:"reason,omitempty"`
	OnTime     bool     `json:"on_time,omitempty"` // the forfeit was a clock that ran out
	// Notes, when the job asked for them: one a move (match.MoveNote).
	Notes []NoteOut `json:"notes,omitempty"`
}

// NoteOut is what the runner saw of one move: its time and, when the
// player searched, the search's score for the side that moved and depth.
type NoteOut struct {
	TimeUS int64 `json:"time_us"`
	Search bool  `json:"search,omitempty"`
	Score  int   `json:"score,omitempty"`
	Proven bool  `json:"proven,omitempty"`
	Depth  int   `json:"depth,omitempty"`
}

func (g *GameOut) Check() error {
	if _, err := position.Parse(g.Start); err != nil {
		return fmt.Errorf("game start: %v", err)
	}
	if int64(len(g.Moves)) > limits.GamePlies.Max {
		return fmt.Errorf("%d moves: at most %d", len(g.Moves), limits.GamePlies.Max)
	}
	return nil
}

// same compares two plays of one game: moves, end and what each move's
// search said (not its time).
func (g *GameOut) Same(o cluster.Output) error {
	h, ok := o.(*GameOut)
	switch {
	case !ok:
		return errors.New("not a game")
	case !slices.Equal(g.Moves, h.Moves):
		return cluster.Differ("moves", strings.Join(g.Moves, " "), strings.Join(h.Moves, " "))
	case g.Start != h.Start || g.South != h.South || g.North != h.North || g.Repetition != h.Repetition ||
		g.End != h.End || g.Forfeit != h.Forfeit || g.Reason != h.Reason || g.OnTime != h.OnTime:
		return cluster.Differ("end", fmt.Sprintf("%s %d-%d %s", g.End, g.South, g.North, g.Reason), fmt.Sprintf("%s %d-%d %s", h.End, h.South, h.North, h.Reason))
	case len(g.Notes) != len(h.Notes):
		return cluster.Differ("notes", len(g.Notes), len(h.Notes))
	}
	for i, n := range g.Notes {
		m := h.Notes[i]
		if n.Search != m.Search || n.Score != m.Score || n.Proven != m.Proven || n.Depth != m.Depth {
			return cluster.Differ(fmt.Sprintf("move %d's search", i+1), fmt.Sprintf("%d/%d", n.Score, n.Depth), fmt.Sprintf("%d/%d", m.Score, m.Depth))
		}
	}
	return nil
}

// gameOut is r in message form, with its notes when notes is set.
func gameOut(r *match.GameResult, notes bool) *GameOut {
	g := &GameOut{Start: r.Start.String(), Moves: make([]string, len(r.Moves)),
		South: r.Outcome.South, North: r.Outcome.North, Repetition: r.Outcome.Repetition,
		End: r.End.String()}
	for i, m := range r.Moves {
		g.Moves[i] = m.String()
	}
	switch r.End {
	case match.EndForfeit:
		g.Forfeit, g.Reason, g.OnTime = r.Forfeit.String(), r.Reason, r.OnTime
	case match.EndAdjudicated:
		g.Reason = r.Reason
	}
	if notes {
		g.Notes = make([]NoteOut, len(r.Notes))
		for i, n := range r.Notes {
			g.Notes[i] = NoteOut{TimeUS: n.Time.Microseconds(), Search: n.HasSearch,
				Score: n.Search.Score, Proven: n.Search.Proven, Depth: n.Search.Depth}
		}
	}
	return g
}

// gameResult reads a game message back and checks it against the game's
// config (match.GameConfig.CheckPlayed: legal moves, an end and prisons
// the moves give, adjudication only where the config has it): a result
// whose start is not the job's, that lacks the notes the job asked for,
// or that the check refuses is an error.
func gameResult(g *GameOut, start position.Position, cfg match.GameConfig, notes bool) (match.GameResult, error) {
	r := match.GameResult{Start: start, Reason: g.Reason, OnTime: g.OnTime,
		Outcome: movegen.Outcome{South: g.South, North: g.North, Repetition: g.Repetition}}
	if g.Start != start.String() {
		return r, fmt.Errorf("game starts at %s, the job at %q", excerpt.Quote(g.Start), start)
	}
	var err error
	if r.End, err = match.ParseEnd(g.End); err != nil {
		return r, err
	}
	switch {
	case r.End != match.EndForfeit && g.Forfeit != "":
		return r, fmt.Errorf("forfeit %s in a game that ended by %s", excerpt.Quote(g.Forfeit), r.End)
	case r.End == match.EndForfeit && g.Forfeit == "south":
		r.Forfeit = position.South
	case r.End == match.EndForfeit && g.Forfeit == "north":
		r.Forfeit = position.North
	case r.End == match.EndForfeit:
		return r, fmt.Errorf("forfeit by %s: want south or north", excerpt.Quote(g.Forfeit))
	}
	if notes && len(g.Notes) != len(g.Moves) {
		return r, fmt.Errorf("%d notes for %d moves: the job asked for one a move", len(g.Notes), len(g.Moves))
	}
	r.Moves = make([]position.GameMove, len(g.Moves))
	for i, s := range g.Moves {
		if r.Moves[i], err = position.ParseGameMove(s); err != nil {
			return r, fmt.Errorf("move %d %s: %v", i+1, excerpt.Quote(s), err)
		}
	}
	for _, n := range g.Notes {
		r.Notes = append(r.Notes, match.MoveNote{Time: time.Duration(n.TimeUS) * time.Microsecond, HasSearch: n.Search,
			Search: match.SearchInfo{Score: n.Score, Proven: n.Proven, Depth: n.Depth}})
	}
	if err := cfg.CheckPlayed(&r); err != nil {
		return r, err
	}
	return r, nil
}

// specCache keeps parsed player specs (a book spec opens its file once),
// one for each worker (cluster.Env.Shared).
type specCache struct {
	mu sync.Mutex
	m  map[string]match.Factory
}

// maxSpecs bounds the cache; it is emptied when full.
const maxSpecs = 32

// specsKey names the worker's spec cache.
type specsKey struct{}

// specsOf returns env's worker's spec cache.
func specsOf(env *cluster.Env) *specCache {
	return env.Shared(specsKey{}, func() any { return new(specCache) }).(*specCache)
}

func (c *specCache) get(spec string) (match.Factory, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if f, ok := c.m[spec]; ok {
		return f, nil
	}
	f, err := match.ParseSpec(spec)
	if err != nil {
		return f, err
	}
	if c.m == nil || len(c.m) >= maxSpecs {
		c.m = map[string]match.Factory{}
	}
	c.m[spec] = f
	return f, nil
}
