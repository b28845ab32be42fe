// Tests: labels against the solver's root value, the set format's round
// trip and its errors, and a measurement of players whose moves are known.

package accuracy

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/match"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/solve"
)

var rules = movegen.Rules{}

// labelled returns n labelled random small positions whose moves differ
// in value.
func labelled(t *testing.T, n int) []Item {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 5))
	var items []Item
	for tries := 0; len(items) < n && tries < 2000; tries++ {
		p := testgame.RandomPlay(rng, 4+rng.IntN(10), 20)
		if !movegen.HasMove(&p, rules) {
			continue
		}
		it, ok, err := Label(context.Background(), p, rules, solve.NewMemTable(1), 0, nil)
		if err != nil || !ok {
			t.Fatalf("%s: ok %v err %v", p, ok, err)
		}
		if it.Best() != minValue(it.Values) {
			items = append(items, it)
		}
	}
	if len(items) < n {
		t.Fatalf("only %d positions", len(items))
	}
	return items
}

// TestLabelMatchesRootValue: the best move value is the root's proven
// value, and every move's value is that of its child negated.
func TestLabelMatchesRootValue(t *testing.T) {
	for _, it := range labelled(t, 20) {
		res, err := solve.Solve(context.Background(), it.Pos, solve.Options{Rules: rules, HashMB: 1})
		if err != nil || !res.Exact {
			t.Fatalf("%s: %+v %v", it.Pos, res, err)
		}
		if it.Best() != res.Value {
			t.Errorf("%s: best move value %d, root value %d", it.Pos, it.Best(), res.Value)
		}
		q, _ := movegen.MakeMove(it.Pos, it.Moves[0], rules)
		c, _ := solve.Solve(context.Background(), q, solve.Options{Rules: rules, HashMB: 1})
		if -c.Value != it.Values[0] {
			t.Errorf("%s %s: value %d, child's %d", it.Pos, it.Moves[0], it.Values[0], c.Value)
		}
	}
}

func TestSetRoundTrip(t *testing.T) {
	items := labelled(t, 5)
	var b strings.Builder
	b.WriteString("# comment\n\n")
	for _, it := range items {
		b.WriteString(it.Format() + "\n")
	}
	got, err := Parse(strings.NewReader(b.String()), rules)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(items) {
		t.Fatalf("%d items, want %d", len(got), len(items))
	}
	for i := range got {
		if got[i].Format() != items[i].Format() {
			t.Errorf("item %d: %q, want %q", i, got[i].Format(), items[i].Format())
		}
	}
}

func TestParseErrors(t *testing.T) {
	// RULES.md §9: b1 captures H's 4 (value 5 for South).
	const pos = "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3"
	if _, err := Parse(strings.NewReader(pos+" ; b1=5\n"), rules); err != nil {
		t.Fatalf("valid line: %v", err)
	}
	for _, c := range []struct{ line, want string }{
		{pos + " b1=5", "want POSITION ; MOVE=VALUE"},
		{pos + " ; b1", "want MOVE=VALUE"},
		{pos + " ; b1=x", "value"},
		{pos + " ; b1=99", "value"},
		{pos + " ; c1=5", "not legal"},
		{pos + " ; b1=5 b1=5", "twice"},
		{pos + " ;", "0 moves given"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1 ; b1=5", "play-phase"},
		{"1.2 0-0 s 3 ; b1=5", "board"},
		{"0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3 ;", "no legal move"},
	} {
		_, err := Parse(strings.NewReader("# x\n"+c.line+"\n"), rules)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("%q: error %v, want one naming line 2 and containing %q", c.line, err, c.want)
		}
	}
}

// TestMeasure: the greedy player's record is what its moves' values say.
func TestMeasure(t *testing.T) {
	items := labelled(t, 10)
	f, err := match.ParseSpec("greedy")
	if err != nil {
		t.Fatal(err)
	}
	var want Report
	for i := range items {
		pl, _ := f.New(uint64(i), rules)
		gm, err := pl.Move(context.Background(), movegen.NewGame(items[i].Pos, rules), time.Second)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := items[i].Value(gm.Play)
		l := items[i].Best() - v
		want.Positions++
		want.Loss += l
		if l == 0 {
			want.Best++
		}
		if l >= 4 {
			want.Loss4++
		}
	}
	got, err := Measure(context.Background(), items, f, time.Second, rules, nil)
	if err != nil || got != want {
		t.Fatalf("got %+v err %v, want %+v", got, err, want)
	}
	// The engine at a depth that sees these small positions to the end
	// plays a best move in each. Without an endgame database: with one,
	// the positions it holds are ranked on the evaluation's scale and a
	// game end the tree reaches from a position it does not hold (here
	// nki marks) in the proven band above them (docs/search.md).
	e, _ := match.ParseSpec("engine:depth=30,hash=1,egdb=none")
	got, err = Measure(context.Background(), items, e, time.Minute, rules, nil)
	if err != nil || got.Best != len(items) || got.Loss != 0 {
		t.Fatalf("engine: %+v err %v", got, err)
	}
	if s := got.String(); !strings.HasPrefix(s, "positions 10 best 10 (100.0%) mean loss 0.000") {
		t.Errorf("report %q", s)
	}
}

// FuzzParse: any input parses or fails cleanly, and what parses formats
// back to what parses the same.
func FuzzParse(f *testing.F) {
	f.Add("0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3 ; b1=5\n")
	f.Add("# c\n0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3 ; b1=-5 b1=3\n")
	f.Fuzz(func(t *testing.T, s string) {
		items, err := Parse(strings.NewReader(s), rules)
		if err != nil {
			return
		}
		for _, it := range items {
			again, err := Parse(strings.NewReader(it.Format()), rules)
			if err != nil || len(again) != 1 || again[0].Format() != it.Format() {
				t.Fatalf("%q: reparse %v", it.Format(), err)
			}
		}
	})
}

// shippedSet reads testdata/name and checks that it holds what its header
// says: at least n positions of lo to hi warriors whose moves differ in
// value.
func shippedSet(t *testing.T, name string, lo, hi, n int) []Item {
	t.Helper()
	f, err := os.Open("../testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	items, err := Parse(f, rules)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) < n {
		t.Fatalf("%s: %d positions", name, len(items))
	}
	for i, it := range items {
		if bt := it.Pos.BoardTotal(); bt < lo || bt > hi || it.Best() == minValue(it.Values) {
			t.Errorf("%s position %d (%s): %d warriors, values %v", name, i+1, it.Pos, bt, it.Values)
		}
	}
	return items
}

// TestShippedSet: the sets in testdata parse and hold what their headers
// say, and the 20-26 and games-23 sets' best values are the solver's root
// values (checked on the first few; the 27-32 sets' take seconds each).
func TestShippedSet(t *testing.T) {
	shippedSet(t, "accuracy-27-32.txt", 27, 32, 13)
	shippedSet(t, "accuracy-27-32-40.txt", 27, 32, 40)
	games := shippedSet(t, "accuracy-games-23.txt", 23, 23, 136)
	items := shippedSet(t, "accuracy-20-26.txt", 20, 26, 90)
	n := 3
	if testing.Short() {
		n = 1
	}
	for _, it := range append(items[:n:n], games[0]) {
		res, err := solve.Solve(context.Background(), it.Pos, solve.Options{Rules: rules})
		if err != nil || !res.Exact || res.Value != it.Best() {
			t.Errorf("%s: solve %+v %v, set's best %d", it.Pos, res, err, it.Best())
		}
	}
}
