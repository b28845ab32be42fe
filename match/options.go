// A match's settings as a command gives them (Options: the flags' values,
// unchecked) and their check into a Config; errors name the flag.

package match

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/openings"
	"github.com/kiothi/kiothi/position"
)

// Options are kiothi match's settings, one field a flag.
type Options struct {
	Players     []Factory // two or more; Config uses the first two
	Games       int
	Concurrency int
	Seed        uint64
	Multiplier  int
	MaxPlies    int
	MoveTime    time.Duration // --movetime (0: none given)
	MoveTimeout time.Duration
	TC          string // --tc, as cutechess writes it ("" none)
	TimeMargin  time.Duration
	Resign      string // --resign movecount=M,score=N ("" off)
	Draw        string // --draw [movenumber=K,]movecount=M,score=S ("" off)
	Proven      bool
	SPRT        string // --sprt elo0,elo1,alpha,beta ("" none)
	Openings    string // --openings FILE ("" the standard start)
	Rules       movegen.Rules
}

// Config checks o and returns the match it describes (players 1 and 2
// the first two of o.Players): bounds, the memory every game in play
// takes, the time given once (--tc or --movetime), the move time a UGI
// player needs (DefaultMoveTime), the openings file read.
func (o Options) Config() (Config, error) {
	var cfg Config
	players := o.Players
	if len(players) < 2 {
		return cfg, fmt.Errorf("a match needs 2 players, got %d", len(players))
	}
	if o.Games < 0 {
		return cfg, fmt.Errorf("--games %d: must not be negative", o.Games)
	}
	if err := limits.Threads.Check("--concurrency", int64(o.Concurrency)); err != nil {
		return cfg, err
	}
	// Every game in play holds two players, at most the two largest.
	mem := make([]int64, len(players))
	for i, p := range players {
		mem[i] = p.MemoryMB
	}
	slices.Sort(mem)
	if err := limits.CheckMemory(fmt.Sprintf("--concurrency %d with these players", o.Concurrency),
		int64(o.Concurrency)*(mem[len(mem)-1]+mem[len(mem)-2])); err != nil {
		return cfg, err
	}
	if o.MaxPlies < 0 {
		return cfg, fmt.Errorf("--max-plies %d: must not be negative", o.MaxPlies)
	}
	if o.MoveTimeout <= 0 {
		return cfg, fmt.Errorf("--move-timeout %v: must be positive", o.MoveTimeout)
	}
	if err := movegen.CheckMultiplier(o.Multiplier); err != nil {
		return cfg, fmt.Errorf("--multiplier: %v", err)
	}
	if o.MoveTime != 0 {
		if err := limits.MoveTimeMS.CheckDuration("--movetime", o.MoveTime); err != nil {
			return cfg, err
		}
	}
	moveTime := o.MoveTime
	var tc TimeControl
	if o.TC != "" {
		var st time.Duration
		var err error
		if tc, st, err = ParseTC(o.TC); err != nil {
			return cfg, fmt.Errorf("--tc: %v", err)
		}
		if (st > 0 || tc.On()) && o.MoveTime != 0 {
			return cfg, errors.New("--tc and --movetime both set the time: give one")
		}
		if st > 0 {
			moveTime = st
		}
	}
	adj := Adjudication{Proven: o.Proven}
	if o.Resign != "" {
		if err := adj.ParseResign(o.Resign); err != nil {
			return cfg, fmt.Errorf("--resign: %v", err)
		}
	}
	if o.Draw != "" {
		if err := adj.ParseDraw(o.Draw); err != nil {
			return cfg, fmt.Errorf("--draw: %v", err)
		}
	}
	if err := limits.MoveOverheadMS.CheckDuration("--timemargin", o.TimeMargin); err != nil {
		return cfg, err
	}
	if moveTime == 0 && !tc.On() {
		moveTime = DefaultMoveTime(players)
	}
	cfg = Config{
		Player1: players[0], Player2: players[1], Games: o.Games, Concurrency: o.Concurrency,
		Seed: o.Seed, Multiplier: o.Multiplier,
		Game: GameConfig{Rules: o.Rules, MaxPlies: o.MaxPlies, MoveTime: moveTime, MoveTimeout: o.MoveTimeout,
			TC: tc, TimeMargin: o.TimeMargin, Adjudication: adj},
	}
	if o.SPRT != "" {
		s, err := ParseSPRT(o.SPRT)
		if err != nil {
			return cfg, fmt.Errorf("--sprt: %v", err)
		}
		cfg.SPRT = &s
	}
	cfg.Openings = []position.Position{position.Start(30)}
	if o.Openings != "" {
		f, err := wholefile.Open(o.Openings)
		if err != nil {
			return cfg, fmt.Errorf("--openings: %v", err)
		}
		cfg.Openings, err = openings.Parse(f)
		f.Close()
		if err != nil {
			return cfg, fmt.Errorf("%s: %v", o.Openings, err)
		}
	}
	return cfg, nil
}
