// Generating an accuracy set: positions from seeded self-play games with
// every legal move's value proven.

package accuracy

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/solve"
)

// GenerateOptions say which positions Generate collects.
type GenerateOptions struct {
	Lo, Hi int    // warriors on the board, inclusive
	N      int    // positions wanted
	Seed   uint64 // the first game's seed; games take seeds Seed, Seed+1, ...
	// Nodes bounds the solver nodes spent on one position (all its moves
	// together); a position not proven within them is dropped. 0: no
	// bound.
	Nodes  uint64
	HashMB int // the solver's table a position (default limits.SolveHashMB)
	Rules  movegen.Rules
	// DB, if set, is an endgame database the solver reads (Label); with
	// it fewer positions run out of nodes.
	DB *egdb.DB
}

// MaxGames bounds the games Generate plays (a range of warriors that games
// rarely pass through ends there, not never).
const MaxGames = 100000

// genStream is the random stream of the accuracy games (movegen.SeededGame).
const genStream = 0x616363

// Generated is what Generate has collected so far.
type Generated struct {
	Items    []Item
	Games    int // games played (or begun)
	Tried    int // positions labelled
	Unproven int // dropped: not proven within the node bound
	Flat     int // dropped: every move of equal value
	Elapsed  time.Duration
}

// Generate plays seeded games (the standard setup, every fourth from
// variant 25, random redistributions, then depth-3 searches with 15%
// random moves) and, in each game, labels up to one position with Lo to
// Hi warriors on the board (one in three such positions is tried, each
// position once), keeping those whose moves differ in value and that the
// solver proves within the node bound, until N are kept or MaxGames
// games were played. each, if set, is called after every labelled
// position with the record so far; an error from it stops the run. The
// result is reproducible: it depends on the options only.
func Generate(ctx context.Context, o GenerateOptions, each func(*Generated) error) (*Generated, error) {
	if o.Lo < 1 || o.Hi < o.Lo || o.Hi > position.MaxTotal {
		return nil, fmt.Errorf("warriors %d to %d: want 1 <= lo <= hi <= %d", o.Lo, o.Hi, position.MaxTotal)
	}
	if o.N < 1 {
		return nil, fmt.Errorf("%d positions: want at least 1", o.N)
	}
	if o.HashMB <= 0 {
		o.HashMB = defaultSolveMB
	}
	eng, err := search.NewEngine(search.Options{HashMB: GenerateEngineMB})
	if err != nil {
		return nil, err
	}
	begin := time.Now()
	g := &Generated{}
	seen := map[string]bool{}
	for seed := o.Seed; g.Games < MaxGames && len(g.Items) < o.N; seed++ {
		g.Games++
		rng, game := movegen.SeededGame(seed, genStream, o.Rules)
		kept := false
		_, _, err := movegen.PlayOut(game, 300, movegen.ScatterOpenings(rng, func(game *movegen.Game, ply int) (position.GameMove, error) {
			p := game.Current()
			bt := p.BoardTotal()
			if bt < o.Lo {
				return position.GameMove{}, errBelow
			}
			if bt <= o.Hi && !kept && rng.IntN(3) == 0 && !seen[p.String()] {
				seen[p.String()] = true
				it, ok, err := Label(ctx, p, o.Rules, solve.NewMemTable(o.HashMB), o.Nodes, o.DB)
				switch {
				case err != nil:
					return position.GameMove{}, err
				case ctx.Err() != nil:
					return position.GameMove{}, ctx.Err()
				}
				g.Tried++
				switch {
				case !ok:
					g.Unproven++
				case it.Best() == minValue(it.Values):
					g.Flat++
				default:
					kept = true
					g.Items = append(g.Items, it)
				}
				g.Elapsed = time.Since(begin)
				if each != nil {
					if err := each(g); err != nil {
						return position.GameMove{}, err
					}
				}
				if len(g.Items) >= o.N {
					return position.GameMove{}, errBelow
				}
			}
			var list movegen.MoveList
			n := movegen.Generate(&p, o.Rules, &list)
			if rng.IntN(100) < 15 {
				return position.PlayMove(list[rng.IntN(n)]), nil
			}
			eng.NewGame()
			return eng.Search(ctx, p, game.History(), search.Limits{Depth: 3}, nil).Best, nil
		}))
		if err != nil && !errors.Is(err, errBelow) {
			return g, err
		}
	}
	g.Elapsed = time.Since(begin)
	return g, nil
}

// errBelow ends a game whose board has fallen below the set's range (or
// once the set is complete).
var errBelow = errors.New("below the set's range")

func minValue(vs []int) int {
	m := vs[0]
	for _, v := range vs[1:] {
		m = min(m, v)
	}
	return m
}

// FileText returns a set file's text for what Generate collected under o:
// a header saying how the positions were made and how many were dropped,
// then one item a line.
func (g *Generated) FileText(o GenerateOptions) string {
	nodes := "no bound"
	if o.Nodes > 0 {
		nodes = fmt.Sprintf("%d", o.Nodes)
	}
	db := ""
	if o.DB != nil {
		db = fmt.Sprintf(" --egdb FILE (layers 0\n# to %d)", o.DB.Max())
	}
	var b strings.Builder
	fmt.Fprintf(&b, `# Accuracy set: positions with %d to %d warriors on the board from seeded
# self-play games, each legal move with its value proven by package solve
# (final prison difference under perfect play after the move, from the
# mover's view, no game history); only positions whose moves differ in
# value. Games: the standard setup (every fourth from variant 25), random
# redistributions, then depth-3 searches with 15%% random moves; up to one
# position a game. Generated by kiothi accuracy generate --lo %d --hi %d
# --n %d --seed %d --nodes %d%s: %d games, %d positions tried, %d dropped as
# not proven within the solver node bound (%s a position), %d dropped
# with equal values, %d kept. The dropped positions are the harder ones.
`, o.Lo, o.Hi, o.Lo, o.Hi, o.N, o.Seed, o.Nodes, db, g.Games, g.Tried, g.Unproven, nodes, g.Flat, len(g.Items))
	if len(g.Items) < o.N {
		fmt.Fprintf(&b, "# The run stopped at %d of the %d positions asked for.\n", len(g.Items), o.N)
	}
	b.WriteString("# Measure with: kiothi accuracy --set FILE --player engine:movetime=T --movetime T\n")
	for i := range g.Items {
		b.WriteString(g.Items[i].Format())
		b.WriteByte('\n')
	}
	return b.String()
}
