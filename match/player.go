// Players and the factories that build one for each game.

package match

import (
	"context"
	"strings"
	"time"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Player chooses moves. A Player serves one game at a time; the match
// runner builds a fresh one for every game from a Factory. Move must not
// modify the game record it is given.
type Player interface {
	// Move returns the move to play in g's current position (a
	// redistribution at turns 1 and 2). budget is the time the runner allows
	// for this move (ctx carries the same deadline); a player with its own
	// limits uses the smaller. An error, a panic, a late answer or an
	// illegal move forfeits the game.
	Move(ctx context.Context, g *movegen.Game, budget time.Duration) (position.GameMove, error)
	// Close releases what the player holds (an external process).
	Close() error
}

// Clocked is a player that plays on a game clock (--tc): the engine, UGI
// engines. Others are offered a share of their clock as Move's budget.
type Clocked interface {
	MoveClock(ctx context.Context, g *movegen.Game, c Clock) (position.GameMove, error)
}

// Reporter is a player that tells what the search behind its last move
// found (the engine); the runner writes it into PGN comments.
type Reporter interface {
	// LastSearch returns the last move's search, ok false when the move
	// was not searched (a book move, a random redistribution).
	LastSearch() (s SearchInfo, ok bool)
}

// SearchInfo is what a search found for the move it chose: the score for
// the side that moved (centi-warriors, or centi-points with the match
// objective), whether it is proven, and the depth reached.
type SearchInfo struct {
	Score  int
	Proven bool
	Depth  int
}

// Noter is a player whose last move may come with a note for the user:
// an engine's search saying its endgame database's file changed.
type Noter interface {
	Note() string
}

// Factory builds a player for one game; seed drives its randomness, so a
// match is reproducible.
type Factory struct {
	// Name labels the player in tables, the Score line, PGN tags and the
	// report: the spec's name= setting, else the spec.
	Name string
	Spec string // the spec as given (a worker parses it again)
	New  func(seed uint64, r movegen.Rules) (Player, error)
	// External players (UGI engines) have no limits of their own: they
	// think for the budget the runner gives (GameConfig.MoveTime).
	External bool
	// MemoryMB is what one player takes (its engine's table and
	// threads); 0 for players that take next to nothing or are external.
	MemoryMB int64
	// Deterministic players play the same moves in the same game every
	// time (a seeded random or greedy player, an engine on one thread
	// limited by depth or nodes only), so a game between two can be
	// played again elsewhere and compared (cluster's --verify).
	Deterministic bool
}

// ExternalMoveTime is the move time offered to every player when an
// external (UGI) player plays and neither a move time nor a clock was
// given: a UGI engine has no limits of its own.
const ExternalMoveTime = 100 * time.Millisecond

// DefaultMoveTime is the move time a match offers when none was given
// and there is no clock: ExternalMoveTime when an external player plays,
// else none (the players keep their own limits).
func DefaultMoveTime(players []Factory) time.Duration {
	for _, p := range players {
		if p.External {
			return ExternalMoveTime
		}
	}
	return 0
}

// Build says what program plays as f: self (this binary's version) for
// the players built in, the command line for an external engine.
func (f Factory) Build(self string) string {
	if f.External {
		_, cmd, _ := strings.Cut(f.Spec, ":")
		if _, after, ok := strings.Cut(cmd, nameKey+"="); ok && strings.HasPrefix(strings.TrimSpace(cmd), nameKey+"=") {
			_, cmd, _ = strings.Cut(after, ",")
		}
		return "external UGI engine: " + strings.TrimSpace(cmd)
	}
	return "kiothi " + strings.TrimSpace(self)
}
