// Property tests over many seeded random games, openings included: what
// every move must preserve, checked after every move.

package movegen_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// checkInvariants fails the test if p breaks a rule every reachable
// position keeps: position.Validate, the warriors conserved, and the
// position string read back to the same value.
func checkInvariants(t *testing.T, p position.Position, total int, where string) {
	t.Helper()
	if got := p.Total(); got != total {
		t.Fatalf("%s: %s holds %d warriors (board and prisons), want %d", where, p, got, total)
	}
	if err := p.Validate(); err != nil {
		t.Fatalf("%s: %s: %v", where, p, err)
	}
	q, err := position.Parse(p.String())
	if err != nil {
		t.Fatalf("%s: %s does not parse back: %v", where, p, err)
	}
	if q != p {
		t.Fatalf("%s: parse(print(p)) differs from p = %s", where, p)
	}
}

// randomOpening picks a pair of the mover's occupied pits and scatters its
// warriors over the board, sometimes all into one pit.
func randomOpening(rng *rand.Rand, p *position.Position) position.OpeningMove {
	var pairs [][2]int
	movegen.ForEachPair(p, func(i, j, _ int) { pairs = append(pairs, [2]int{i, j}) })
	pr := pairs[rng.IntN(len(pairs))]
	var drops [position.NumPits]int
	lifted := p.Count(pr[0]) + p.Count(pr[1])
	pile := rng.IntN(position.NumPits)
	for k := 0; k < lifted; k++ {
		if rng.IntN(3) == 0 {
			drops[pile]++
		} else {
			drops[rng.IntN(position.NumPits)]++
		}
	}
	m, err := movegen.NewOpening(p, pr[0], pr[1], drops)
	if err != nil {
		panic(err)
	}
	return m
}

func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	games := 1500
	if testing.Short() {
		games = 200
	}
	var plies, ended int
	for g := 0; g < games; g++ {
		setup := position.Setup(30)
		if g%4 == 3 {
			setup = 25
		}
		r := movegen.Rules{FreeFirstLap: g%3 == 2}
		p := position.Start(setup)
		total := p.Total()
		checkInvariants(t, p, total, "start")
		for ply := 0; ply < 400; ply++ {
			if !movegen.HasMove(&p, r) {
				o := movegen.NoMoveOutcome(&p)
				if o.South+o.North != total {
					t.Fatalf("game %d: final tally %d-%d of %d warriors", g, o.South, o.North, total)
				}
				ended++
				break
			}
			before := p
			if p.Phase() != position.Play {
				m := randomOpening(rng, &p)
				// Round trip of the notation, then the move itself.
				pm, err := position.ParseOpeningMove(m.String())
				if err != nil || pm != m {
					t.Fatalf("game %d: opening %s parses back as %v (%v)", g, m, pm, err)
				}
				q, err := movegen.MakeOpening(p, m)
				if err != nil {
					t.Fatalf("game %d: %s %s: %v", g, p, m, err)
				}
				if want := refOpening(toRef(p), m).position(t); q != want {
					t.Fatalf("game %d: %s %s:\n got %s\nwant %s", g, p, m, q, want)
				}
				p = q
				if p.Turn() == 3 && p.NkiMask() != p.Occupied() {
					t.Fatalf("game %d: after turn 2, %s: every occupied pit must be nki", g, p)
				}
			} else {
				var list movegen.MoveList
				n := movegen.Generate(&p, r, &list)
				m := list[rng.IntN(n)]
				pm, err := position.ParseMove(m.String())
				if err != nil || pm != m {
					t.Fatalf("game %d: move %s parses back as %v (%v)", g, m, pm, err)
				}
				q, s := movegen.MakeMove(p, m, r)
				if s != movegen.Legal {
					t.Fatalf("game %d: %s: generated %s is %v", g, p, m, s)
				}
				want, ws, _ := refMove(toRef(p), m.Pit(), m.Count(), r.FreeFirstLap)
				if ws != movegen.Legal || q != want.position(t) {
					t.Fatalf("game %d: %s %s: got %s, reference %v %s", g, p, m, q, ws, want.position(t))
				}
				p = q
			}
			checkInvariants(t, p, total, "after a move")
			if p.Side() == before.Side() || p.Turn() != before.Turn()+1 {
				t.Fatalf("game %d: %s -> %s: the turn did not pass", g, before, p)
			}
			plies++
		}
	}
	if ended == 0 {
		t.Error("no random game reached its end")
	}
	t.Logf("%d games, %d plies, %d ended with no legal move", games, plies, ended)
}
