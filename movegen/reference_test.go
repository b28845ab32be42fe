// An independent, deliberately slow reference implementation of the rules
// (a [20]int board, one warrior at a time), and the tests that hold
// MakeMove, Check and Generate to it: RULES.md §9's worked examples, §4's
// endless and long sowings, and many random positions.

package movegen_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// refPos is a position as plain numbers, read straight from RULES.md.
type refPos struct {
	c      [20]int
	nki    [20]bool
	prison [2]int
	side   int // 0 South, 1 North
	turn   int
}

func toRef(p position.Position) refPos {
	var b refPos
	for i := 0; i < 20; i++ {
		b.c[i] = p.Count(i)
		b.nki[i] = p.Nki(i)
	}
	b.prison = [2]int{p.Prison(position.South), p.Prison(position.North)}
	b.side = int(p.Side())
	b.turn = p.Turn()
	return b
}

// nkiMask returns the nki marks as position.New takes them.
func (b refPos) nkiMask() uint32 {
	var nki uint32
	for i, m := range b.nki {
		if m {
			nki |= 1 << i
		}
	}
	return nki
}

func (b refPos) position(t testing.TB) position.Position {
	t.Helper()
	p, err := position.New(b.c, b.nkiMask(), b.prison, position.Side(b.side), b.turn)
	if err != nil {
		t.Fatalf("reference position %+v: %v", b, err)
	}
	return p
}

// refMove plays (pit, n) by RULES.md §4-5 and returns the result, whether
// it is legal (with movegen's reason codes) and the laps sown.
func refMove(b refPos, pit, n int, free bool) (refPos, movegen.Status, int) {
	return refSow(b, pit, n, free, movegen.MaxLaps)
}

// refSow is refMove with a lap limit of its own, so a test can see how
// long a sowing beyond the limit really runs.
func refSow(b refPos, pit, n int, free bool, limit int) (refPos, movegen.Status, int) {
	switch {
	case b.turn <= 2:
		return b, movegen.NotPlayPhase, 0
	case pit < 0 || pit >= 20 || pit/10 != b.side:
		return b, movegen.NotYourPit, 0
	case b.c[pit] == 0:
		return b, movegen.EmptyPit, 0
	case n < 1 || n > b.c[pit]:
		return b, movegen.TooMany, 0
	}
	b.c[pit] -= n
	b.nki[pit] = false
	pos, hand, laps := pit, n, 1
	for {
		for ; hand > 0; hand-- {
			pos = (pos + 1) % 20
			b.c[pos]++
		}
		if b.c[pos] == 1 { // the last warrior landed in an empty pit
			break
		}
		if laps == 1 && !free && pos/10 == b.side {
			return b, movegen.FirstLap, laps
		}
		if laps == limit {
			return b, movegen.Endless, laps
		}
		hand, b.c[pos], b.nki[pos] = b.c[pos], 0, false
		laps++
	}
	if pos/10 == b.side {
		taken := 0
		if opp := 19 - pos; b.c[opp] > 0 && !b.nki[opp] {
			taken += b.c[opp]
			b.c[opp] = 0
		}
		if pos == 10*b.side { // leftmost: the pits facing the 2nd..4th
			f := [3]int{19 - (pos + 1), 19 - (pos + 2), 19 - (pos + 3)}
			all := true
			for _, i := range f {
				all = all && b.c[i] > 0 && !b.nki[i]
			}
			if all {
				for _, i := range f {
					taken += b.c[i]
					b.c[i] = 0
				}
			}
		}
		if taken > 0 {
			b.prison[b.side] += taken + 1
			b.c[pos] = 0
		}
	}
	b.side ^= 1
	b.turn = min(b.turn+1, 65535)
	return b, movegen.Legal, laps
}

// refOpening plays a redistribution already known to be legal.
func refOpening(b refPos, m position.OpeningMove) refPos {
	b.c[m.Pits[0]], b.c[m.Pits[1]] = 0, 0
	for i, d := range m.Drops {
		b.c[i] += int(d)
	}
	if b.turn == 2 {
		for i := range b.c {
			b.nki[i] = b.c[i] > 0
		}
	}
	b.side ^= 1
	b.turn++
	return b
}

func TestRulesWorkedExamples(t *testing.T) {
	// RULES.md §9, one row each.
	cases := []struct {
		pos, move, want string // want "" means illegal
		why             movegen.Status
		note            string
	}{
		{"0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3", "b1", "0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 5-0 n 4", movegen.Legal, "opposite capture of H"},
		{"0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4*.0.0 0-0 s 3", "b1", "0.0.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4*.0.0 0-0 n 4", movegen.Legal, "H is nki"},
		{"0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3.0.1 0-0 s 3", "j11", "0.0.0.0.0.0.0.0.0.0/1.1.1.1.1.1.0.0.0.0 11-0 n 4", movegen.Legal, "opposite and leftmost bonus"},
		{"0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3*.0.1 0-0 s 3", "j11", "0.0.0.0.0.0.0.0.0.0/1.1.1.1.1.1.3.4*.1.0 3-0 n 4", movegen.Legal, "bonus refused: H is nki"},
		{"0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3.0.1 0-0 s 3", "j10", "1.0.0.0.0.0.0.0.0.1/1.1.1.1.1.1.3.4.0.0 2-0 n 4", movegen.Legal, "relay at J, capture of I"},
		{"0.2.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 s 3", "b1", "", movegen.FirstLap, "first lap ends in occupied c"},
		{"0.2.0.0.0.0.0.0.0.1/3*.0.0.0.0.0.0.0.0.0 0-0 s 3", "j1", "0.2.0.0.0.0.0.0.0.0/0.1.1.1.1.0.0.0.0.0 0-0 n 4", movegen.Legal, "relay lifts nki A and clears it"},
		// RULES.md §4: an endless sowing and a 2,376-lap one.
		{"2.5.2.5.2.1.0.1.0.1/6.3.2.3.2.3.0.1.2.2 0-17 n 3", "J1", "", movegen.Endless, "endless cycle of laps"},
	}
	for _, c := range cases {
		t.Run(c.note, func(t *testing.T) {
			p := mustParse(t, c.pos)
			m, err := position.ParseMove(c.move)
			if err != nil {
				t.Fatal(err)
			}
			q, s := movegen.MakeMove(p, m, movegen.Rules{})
			if s != c.why {
				t.Errorf("%s %s (%s): status %v, want %v", c.pos, c.move, c.note, s, c.why)
				return
			}
			if chk := movegen.Check(&p, m, movegen.Rules{}); chk != c.why {
				t.Errorf("%s %s: Check says %v, want %v", c.pos, c.move, chk, c.why)
			}
			if c.want != "" && q.String() != c.want {
				t.Errorf("%s %s (%s):\n got %s\nwant %s", c.pos, c.move, c.note, q, c.want)
			}
			if c.want == "" && q != p {
				t.Errorf("%s %s: an illegal move changed the position to %s", c.pos, c.move, q)
			}
			// The reference agrees with the table too.
			r, rs, _ := refMove(toRef(p), m.Pit(), m.Count(), false)
			if rs != c.why || (c.want != "" && r.position(t).String() != c.want) {
				t.Errorf("%s %s: the reference gives %v %v, the table %v %s", c.pos, c.move, rs, r, c.why, c.want)
			}
		})
	}
}

// TestLongSowing is RULES.md §4's H4: legal, after exactly 2,376 laps,
// ending where the slow reference ends.
func TestLongSowing(t *testing.T) {
	p := mustParse(t, "2.3.0.1.2.3.1.2.5.1/3.2.1.2.3.4.3.6.2.1 13-1 n 12")
	m := position.NewMove(17, 4) // H4
	r, rs, laps := refMove(toRef(p), m.Pit(), m.Count(), false)
	if rs != movegen.Legal || laps != 2376 {
		t.Fatalf("reference: H4 is %v after %d laps, RULES.md says legal after 2,376", rs, laps)
	}
	q, s := movegen.MakeMove(p, m, movegen.Rules{})
	if s != movegen.Legal {
		t.Fatalf("MakeMove: H4 is %v", s)
	}
	if want := r.position(t); q != want {
		t.Errorf("H4:\n got %s\nwant %s", q, want)
	}
	if !inList(&p, m, movegen.Rules{}) {
		t.Error("Generate does not list H4")
	}
	if inList(ptr(mustParse(t, "2.5.2.5.2.1.0.1.0.1/6.3.2.3.2.3.0.1.2.2 0-17 n 3")), position.NewMove(19, 1), movegen.Rules{}) {
		t.Error("Generate lists the endless J1")
	}
}

// TestLapLimit holds the 10,000-lap rule at its edge with two sowings
// found by a search near §4's H4: one ends on lap 9,980 (legal), the other
// ends too, but on lap 10,016 (illegal: the limit decides, not whether the
// sowing would end).
func TestLapLimit(t *testing.T) {
	for _, c := range []struct {
		pos   string
		move  string
		laps  int
		legal bool
	}{
		{"0.3.0.1.2.6.0.1.5.0/3.0.3.2.3.2.5.6.2.3 8-8 n 20", "H6", 9980, true},
		{"2.3.0.1.2.6.0.1.5.0/1.0.3.2.1.4.3.8.4.1 8-8 n 20", "H4", 10016, false},
	} {
		t.Run(c.move, func(t *testing.T) {
			p := mustParse(t, c.pos)
			m, _ := position.ParseMove(c.move)
			_, us, laps := refSow(toRef(p), m.Pit(), m.Count(), false, 1<<20)
			if us != movegen.Legal || laps != c.laps {
				t.Fatalf("%s %s: without a limit the reference says %v after %d laps, want an end after %d", c.pos, c.move, us, laps, c.laps)
			}
			want, ws, _ := refMove(toRef(p), m.Pit(), m.Count(), false)
			got, gs := movegen.MakeMove(p, m, movegen.Rules{})
			if c.legal {
				if ws != movegen.Legal || gs != movegen.Legal || got != want.position(t) {
					t.Errorf("%s %s (%d laps): MakeMove %v %s, reference %v %s", c.pos, c.move, c.laps, gs, got, ws, want.position(t))
				}
			} else if ws != movegen.Endless || gs != movegen.Endless {
				t.Errorf("%s %s (%d laps): MakeMove %v, reference %v; want both %v", c.pos, c.move, c.laps, gs, ws, movegen.Endless)
			}
			if inList(&p, m, movegen.Rules{}) != c.legal {
				t.Errorf("%s: Generate lists %s: %v, want %v", c.pos, c.move, !c.legal, c.legal)
			}
		})
	}
}

func ptr(p position.Position) *position.Position { return &p }

func inList(p *position.Position, m position.Move, r movegen.Rules) bool {
	var list movegen.MoveList
	n := movegen.Generate(p, r, &list)
	for _, x := range list[:n] {
		if x == m {
			return true
		}
	}
	return false
}

// randomPlayPosition returns a valid play-phase position: up to 63
// warriors, often piled high in a few pits (for laps of 20 or more), nki
// marks on some occupied pits, either side to move.
func randomPlayPosition(rng *rand.Rand) position.Position {
	var b refPos
	total := rng.IntN(64)
	board := total
	if rng.IntN(3) == 0 {
		board = rng.IntN(total + 1)
	}
	hot := rng.IntN(20)
	spread := 1 + rng.IntN(20)
	if rng.IntN(2) == 0 { // full boards, where endless relays live
		board, spread = max(board, 30+rng.IntN(34)), 20
		total = max(total, board)
	}
	for k := 0; k < board; k++ {
		i := (hot + rng.IntN(spread)) % 20
		if rng.IntN(4) == 0 {
			i = hot
		}
		b.c[i]++
	}
	b.prison[0] = rng.IntN(total - board + 1)
	b.prison[1] = total - board - b.prison[0]
	for i := range b.c {
		b.nki[i] = b.c[i] > 0 && rng.IntN(3) == 0
	}
	b.side = rng.IntN(2)
	b.turn = 3 + rng.IntN(200)
	p, err := position.New(b.c, b.nkiMask(), b.prison, position.Side(b.side), b.turn)
	if err != nil {
		panic(err)
	}
	return p
}

// TestMakeMoveMatchesReference plays every (pit, n) of the side to move,
// and a few of the other side, in many random positions under both rule
// sets, and compares MakeMove, Check, Generate, CountMoves and HasMove with
// the reference.
func TestMakeMoveMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 9))
	positions := 20000
	if testing.Short() {
		positions = 2000
	}
	statuses := map[movegen.Status]int{}
	maxLaps := 0
	for k := 0; k < positions; k++ {
		p := randomPlayPosition(rng)
		ref := toRef(p)
		for _, free := range []bool{false, true} {
			r := movegen.Rules{FreeFirstLap: free}
			var legal []position.Move
			for pit := 0; pit < 20; pit++ {
				for n := 0; n <= p.Count(pit)+1; n++ {
					if n > p.Count(pit) && pit/10 != int(p.Side()) && n > 1 {
						break
					}
					m := position.NewMove(pit, n)
					want, ws, laps := refMove(ref, pit, n, free)
					maxLaps = max(maxLaps, laps)
					got, gs := movegen.MakeMove(p, m, r)
					statuses[ws]++
					if gs != ws {
						t.Fatalf("%s %s (free %v): MakeMove says %v, reference %v", p, m, free, gs, ws)
					}
					if cs := movegen.Check(&p, m, r); cs != ws {
						t.Fatalf("%s %s: Check says %v, reference %v", p, m, cs, ws)
					}
					if ws != movegen.Legal {
						if got != p {
							t.Fatalf("%s %s: illegal move changed the position", p, m)
						}
						continue
					}
					legal = append(legal, m)
					if w := want.position(t); got != w {
						t.Fatalf("%s %s (free %v):\n got %s\nwant %s", p, m, free, got, w)
					}
					if err := got.Validate(); err != nil {
						t.Fatalf("%s %s: %v", p, m, err)
					}
				}
			}
			var list movegen.MoveList
			n := movegen.Generate(&p, r, &list)
			if n != len(legal) {
				t.Fatalf("%s (free %v): Generate lists %d moves, reference %d: %v vs %v", p, free, n, len(legal), list[:n], legal)
			}
			for i := range legal {
				if list[i] != legal[i] {
					t.Fatalf("%s: Generate[%d] = %s, reference %s (board order)", p, i, list[i], legal[i])
				}
			}
			if c := movegen.CountMoves(&p, r); c != n {
				t.Fatalf("%s: CountMoves %d, Generate %d", p, c, n)
			}
			if h := movegen.HasMove(&p, r); h != (n > 0) {
				t.Fatalf("%s: HasMove %v with %d moves", p, h, n)
			}
		}
	}
	// The random positions must reach every kind of verdict, or the test
	// proves less than it seems.
	kinds := []movegen.Status{movegen.Legal, movegen.NotYourPit, movegen.EmptyPit, movegen.TooMany, movegen.FirstLap}
	if !testing.Short() {
		kinds = append(kinds, movegen.Endless)
	}
	for _, s := range kinds {
		if statuses[s] == 0 {
			t.Errorf("no random move was %v", s)
		}
	}
	t.Logf("verdicts: %v; longest sowing %d laps", statuses, maxLaps)
}

// TestLongAndEndlessSowings compares MakeMove with the reference near
// RULES.md §4's two examples: random small perturbations of their boards
// give many endless sowings and sowings of thousands of laps, which
// random positions almost never reach.
func TestLongAndEndlessSowings(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	seeds := []position.Position{
		mustParse(t, "2.5.2.5.2.1.0.1.0.1/6.3.2.3.2.3.0.1.2.2 0-17 n 3"),
		mustParse(t, "2.3.0.1.2.3.1.2.5.1/3.2.1.2.3.4.3.6.2.1 13-1 n 12"),
	}
	boards := 20000
	if testing.Short() {
		boards = 3000
	}
	endless, long, longest := 0, 0, 0
	for g := 0; g < boards; g++ {
		b := toRef(seeds[g%2])
		for k := rng.IntN(4); k >= 0; k-- {
			if from, to := rng.IntN(20), rng.IntN(20); b.c[from] > 0 {
				b.c[from]--
				b.c[to]++
			}
		}
		b.side = rng.IntN(2)
		p := b.position(t)
		r := movegen.Rules{FreeFirstLap: g%3 == 0}
		for pit := 10 * b.side; pit < 10*b.side+10; pit++ {
			for n := 1; n <= b.c[pit]; n++ {
				m := position.NewMove(pit, n)
				want, ws, laps := refMove(b, pit, n, r.FreeFirstLap)
				got, gs := movegen.MakeMove(p, m, r)
				if gs != ws {
					t.Fatalf("%s %s (free %v): MakeMove says %v, reference %v after %d laps", p, m, r.FreeFirstLap, gs, ws, laps)
				}
				if ws == movegen.Endless {
					endless++
					continue
				}
				if ws == movegen.Legal {
					if laps >= 1000 {
						long++
					}
					longest = max(longest, laps)
					if w := want.position(t); got != w {
						t.Fatalf("%s %s (%d laps):\n got %s\nwant %s", p, m, laps, got, w)
					}
				}
			}
		}
	}
	if endless == 0 || long == 0 {
		t.Errorf("%d endless and %d legal sowings of 1,000 laps or more; want some of each", endless, long)
	}
	t.Logf("%d endless sowings, %d legal ones of 1,000 laps or more, the longest %d laps", endless, long, longest)
}
