// The two public perft suites in testdata/, every position at every depth
// they list, and perft's hash and threads checked against plain perft.

package movegen_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// TestPerftSuites checks every listed depth of every suite position. The
// deep play-phase lines dominate; two threads and a shared hash keep the
// whole run to seconds. -short checks only counts up to 100,000 nodes.
func TestPerftSuites(t *testing.T) {
	for _, s := range testgame.SuiteFiles {
		t.Run(s.Name, func(t *testing.T) {
			o := movegen.PerftOptions{Rules: s.Rules, Threads: 2, Hash: movegen.NewPerftHash(64)}
			deepest := func(e movegen.SuiteEntry) int {
				for d, want := range e.Expected {
					if testing.Short() && want > 100000 && e.Position.Phase() == position.Play {
						return d
					}
				}
				return len(e.Expected)
			}
			checked := 0
			err := movegen.CheckSuite(context.Background(), testgame.LoadSuite(t, s.Name), o, deepest, nil, func(c movegen.SuiteCheck) {
				checked++
				switch {
				case c.Err != nil:
					t.Errorf("line %d %s D%d: %v", c.Entry.Line, c.Entry.Position, c.Depth, c.Err)
				case c.Failed:
					t.Errorf("line %d %s D%d: got %d, want %d", c.Entry.Line, c.Entry.Position, c.Depth, c.Got, c.Entry.Expected[c.Depth-1])
				case c.Depth != deepest(c.Entry):
					t.Errorf("line %d: checked to D%d, want D%d", c.Entry.Line, c.Depth, deepest(c.Entry))
				}
			})
			if err != nil || checked == 0 {
				t.Fatalf("CheckSuite: %v after %d positions", err, checked)
			}
		})
	}
}

// TestCheckSuiteFindsAWrongCount: a suite line with a wrong count fails at
// that depth, the lines around it pass, and a line deepest skips is
// reported with depth 0.
func TestCheckSuiteFindsAWrongCount(t *testing.T) {
	const suite = `%s ;D1 300450150
0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36 ;D1 %d ;D2 %d ;D3 %d
%s ;D1 1
`
	p, _ := position.Parse("0.2.1.2.0.0.1.2.2.1/0.1.4.1.0.0.2.1.1.0 21-18 n 36")
	var n [3]uint64
	for d := range n {
		n[d], _ = movegen.Perft(context.Background(), p, d+1, movegen.PerftOptions{})
	}
	entries, err := movegen.ParseSuite(strings.NewReader(fmt.Sprintf(suite, position.Start(30), n[0], n[1]+1, n[2], position.Start(25))))
	if err != nil {
		t.Fatal(err)
	}
	var got []movegen.SuiteCheck
	var at []string
	deepest := func(e movegen.SuiteEntry) int {
		if e.Line == 3 {
			return 0
		}
		return len(e.Expected)
	}
	err = movegen.CheckSuite(context.Background(), entries, movegen.PerftOptions{}, deepest,
		func(k, d int) { at = append(at, fmt.Sprintf("%d/D%d", k, d)) },
		func(c movegen.SuiteCheck) { got = append(got, c) })
	if err != nil || len(got) != 3 {
		t.Fatalf("CheckSuite: %v, %d checks", err, len(got))
	}
	if c := got[0]; c.Failed || c.Depth != 1 || c.Got != 300450150 || c.PlayNodes != 0 {
		t.Errorf("startpos: %+v", c)
	}
	if c := got[1]; !c.Failed || c.Depth != 2 || c.Got != n[1] || c.PlayNodes != n[0]+n[1] {
		t.Errorf("the wrong D2: %+v (counts %v)", c, n)
	}
	if c := got[2]; c.Failed || c.Depth != 0 {
		t.Errorf("the skipped line: %+v", c)
	}
	if want := "[0/D1 1/D1 1/D2]"; fmt.Sprint(at) != want {
		t.Errorf("progress calls %v, want %s", at, want)
	}
}

// TestPerftHashThreadsAgree compares serial plain perft with threaded,
// hashed perft and with Divide's lines. Under -race it also checks the
// lock-free hash and the root-move goroutines.
func TestPerftHashThreadsAgree(t *testing.T) {
	ctx := context.Background()
	for _, s := range testgame.SuiteFiles {
		entries := testgame.LoadSuite(t, s.Name)
		checked := 0
		for _, e := range entries {
			if e.Position.Phase() != position.Play || len(e.Expected) < 4 || checked == 4 {
				continue
			}
			checked++
			d := 4
			plain, err := movegen.Perft(ctx, e.Position, d, movegen.PerftOptions{Rules: s.Rules})
			if err != nil {
				t.Fatal(err)
			}
			if plain != e.Expected[d-1] {
				t.Errorf("line %d D%d plain: got %d, want %d", e.Line, d, plain, e.Expected[d-1])
			}
			// A tiny table forces collisions and overwrites.
			for _, mb := range []int{1, 16} {
				o := movegen.PerftOptions{Rules: s.Rules, Threads: 4, Hash: movegen.NewPerftHash(mb)}
				for rep := 0; rep < 2; rep++ { // the second pass reads a warm table
					got, err := movegen.Perft(ctx, e.Position, d, o)
					if err != nil || got != plain {
						t.Errorf("line %d D%d hash %d MB pass %d: got %d (%v), want %d", e.Line, d, mb, rep, got, err, plain)
					}
				}
			}
			lines, err := movegen.Divide(ctx, e.Position, d, movegen.PerftOptions{Rules: s.Rules, Threads: 3})
			if err != nil {
				t.Fatal(err)
			}
			var sum uint64
			var list movegen.MoveList
			n := movegen.Generate(&e.Position, s.Rules, &list)
			if len(lines) != n {
				t.Fatalf("line %d: divide has %d lines, %d legal moves", e.Line, len(lines), n)
			}
			for k, l := range lines {
				if l.Move != list[k].String() {
					t.Errorf("line %d: divide line %d is %s, move %d is %s", e.Line, k, l.Move, k, list[k])
				}
				q, _ := movegen.MakeMove(e.Position, list[k], s.Rules)
				want, _ := movegen.Perft(ctx, q, d-1, movegen.PerftOptions{Rules: s.Rules})
				if l.Count != want {
					t.Errorf("line %d: divide %s: %d, perft below it %d", e.Line, l.Move, l.Count, want)
				}
				sum += l.Count
			}
			if sum != plain {
				t.Errorf("line %d: divide sums to %d, perft %d", e.Line, sum, plain)
			}
		}
		if checked == 0 {
			t.Fatalf("%s: no play-phase position with 4 depths", s.Name)
		}
	}
}

// TestPerftRefusals checks the depths the opening formulas cannot reach and
// a negative depth.
func TestPerftRefusals(t *testing.T) {
	ctx := context.Background()
	start := position.Start(30)
	cases := []struct {
		p     position.Position
		depth int
	}{{start, 3}, {start, -1}}
	after, err := movegen.MakeOpening(start, mustOpening(t, "ij:a3b2F5"))
	if err != nil {
		t.Fatal(err)
	}
	cases = append(cases, struct {
		p     position.Position
		depth int
	}{after, 2})
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s depth %d", c.p, c.depth), func(t *testing.T) {
			if n, err := movegen.Perft(ctx, c.p, c.depth, movegen.PerftOptions{}); err == nil {
				t.Errorf("perft(%s, %d) = %d, want an error", c.p, c.depth, n)
			}
		})
	}
	if n, err := movegen.Perft(ctx, start, 0, movegen.PerftOptions{}); err != nil || n != 1 {
		t.Errorf("perft(start, 0) = %d, %v; want 1", n, err)
	}
}

// TestPerftCancel checks that a cancelled context stops perft with an error.
func TestPerftCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := mustParse(t, "0.0.24*.1.1*.0.1.1*.2.0/1.0.0.1*.2*.1.0.2.0.0 11-3 s 42")
	if _, err := movegen.Perft(ctx, p, 7, movegen.PerftOptions{Threads: 2}); err == nil {
		t.Error("perft under a cancelled context returned no error")
	}
}

func mustParse(t testing.TB, s string) position.Position {
	t.Helper()
	p, err := position.Parse(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return p
}

func mustOpening(t testing.TB, s string) position.OpeningMove {
	t.Helper()
	m, err := position.ParseOpeningMove(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return m
}
