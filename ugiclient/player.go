// An external UGI engine as a player for the match runner.

package ugiclient

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Player plays a game through a UGI engine process. Its methods match the
// match runner's Player interface (Move and Close), so the runner's
// ugi:<command line> spec is NewPlayer(commandLine, rules).
type Player struct {
	c       *Client
	started bool
}

// NewPlayer starts the engine, completes the handshake and sets the rules.
func NewPlayer(commandLine string, r movegen.Rules) (*Player, error) {
	c, err := StartClient(commandLine)
	if err != nil {
		return nil, err
	}
	if err := c.SetOption("FreeFirstLap", strconv.FormatBool(r.FreeFirstLap)); err != nil {
		c.Close()
		return nil, err
	}
	return &Player{c: c}, nil
}

// Name is the engine's id name.
func (p *Player) Name() string { return p.c.Name }

// Move sends the game so far and asks for a move within budget (as go
// movetime); ctx's deadline, if sooner, bounds the wait.
func (p *Player) Move(ctx context.Context, g *movegen.Game, budget time.Duration) (position.GameMove, error) {
	if err := p.send(g); err != nil {
		return position.GameMove{}, err
	}
	if d, ok := ctx.Deadline(); ok {
		budget = min(budget, time.Until(d))
	}
	budget = max(budget, time.Millisecond)
	wait, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	return p.bestMove(wait, "movetime "+strconv.FormatInt(max(budget.Milliseconds(), 1), 10))
}

// Go sends the game so far and "go args" (a clock: p1time ... p2inc),
// and waits for the move until ctx ends.
func (p *Player) Go(ctx context.Context, g *movegen.Game, args string) (position.GameMove, error) {
	if err := p.send(g); err != nil {
		return position.GameMove{}, err
	}
	return p.bestMove(ctx, args)
}

// send starts the game (once) and sends the position.
func (p *Player) send(g *movegen.Game) error {
	if !p.started {
		if err := p.c.NewGame(); err != nil {
			return err
		}
		p.started = true
	}
	if err := p.c.IsReady(); err != nil {
		return fmt.Errorf("%s: isready: %v", p.c.Name, err)
	}
	return p.c.Position(g.Start, g.Moves)
}

// bestMove sends go args and reads the move.
func (p *Player) bestMove(ctx context.Context, args string) (position.GameMove, error) {
	var m position.GameMove
	s, err := p.c.GoContext(ctx, args)
	if err != nil {
		return m, fmt.Errorf("%s: %v", p.c.Name, err)
	}
	if s == "none" || s == "0000" {
		return m, fmt.Errorf("%s: bestmove %s in a game that is not over", p.c.Name, s)
	}
	m, err = position.ParseGameMove(s)
	if err != nil {
		return m, fmt.Errorf("%s: bestmove: %v", p.c.Name, err)
	}
	return m, nil
}

// Close ends the engine process.
func (p *Player) Close() error { return p.c.Close() }
