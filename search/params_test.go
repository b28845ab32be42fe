// Tests of the search knobs a user may set: the table's defaults, the
// checks of ParamSet.Set and that a set knob reaches the search.

package search

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/position"
)

// Setting every knob to its table default builds the engine's defaults.
func TestParamTableDefaults(t *testing.T) {
	var s ParamSet
	for _, p := range Tunables() {
		if err := s.Set(p.Name, p.Default); err != nil {
			t.Fatal(err)
		}
		if p.Default < p.Min || p.Default > p.Max {
			t.Errorf("%s: default %v outside %v..%v", p.Name, p.Default, p.Min, p.Max)
		}
		if p.Tunable() && p.R <= 0 {
			t.Errorf("%s: tunable with rate %v", p.Name, p.R)
		}
	}
	got, want := s.params(), defaultParams
	if *got.lmr != *want.lmr {
		t.Error("the reduction table built from the table's lmrDiv differs from the default one")
	}
	got.lmr, want.lmr = nil, nil
	if got != want {
		t.Errorf("params from the table's defaults\n%+v\nwant defaultParams\n%+v", got, want)
	}
	if (ParamSet{}).params() != defaultParams {
		t.Error("the zero ParamSet is not defaultParams")
	}
}

func TestParamSetChecks(t *testing.T) {
	for _, c := range []struct {
		name string
		v    float64
		want string
	}{
		{"nosuch", 1, `unknown search param "nosuch"`},
		{"rfpmargin", 1, `unknown search param "rfpmargin"`},
		{"rfpMargin", 601, "rfpMargin=601: want 0 to 600"},
		{"rfpMargin", -1, "rfpMargin=-1: want 0 to 600"},
		{"lmrDiv", 0.5, "lmrDiv=0.5: want 1 to 8"},
		{"lmrDiv", math.NaN(), "lmrDiv=NaN"},
		{"lmrDiv", math.Inf(1), "lmrDiv=+Inf"},
	} {
		var s ParamSet
		err := s.Set(c.name, c.v)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Set(%q, %v): error %v, want one with %q", c.name, c.v, err, c.want)
		}
		if !s.IsZero() {
			t.Errorf("Set(%q, %v) failed but set %s", c.name, c.v, s)
		}
	}
	var s ParamSet
	if err := s.Set("rfpMargin", 149.6); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("lmrDiv", 2.5); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.Value("rfpMargin"); v != 150 {
		t.Errorf("rfpMargin 149.6 is %v, want it rounded to 150", v)
	}
	if v, _ := s.Value("deltaMargin"); v != 200 {
		t.Errorf("deltaMargin unset is %v, want the default 200", v)
	}
	if got := s.String(); got != "rfpMargin=150,lmrDiv=2.5" {
		t.Errorf("String() = %q", got)
	}
}

// A knob set in Options changes the search: the same depth takes other
// node counts, and the defaults set explicitly take the same. The
// position is a balanced play-phase start of testdata/openings.txt.
func TestParamsReachTheSearch(t *testing.T) {
	pos, err := position.Parse("1*.0.1*.1*.1*.5*.7*.5*.1*.6*/0.2*.0.2*.5*.8*.0.6*.2*.7* 0-0 s 3")
	if err != nil {
		t.Fatal(err)
	}
	nodes := func(s ParamSet) uint64 { return paramNodes(t, &pos, s, 8) }
	base := nodes(ParamSet{})
	var same ParamSet
	for _, p := range Tunables() {
		same.Set(p.Name, p.Default)
	}
	if n := nodes(same); n != base {
		t.Errorf("defaults set explicitly: %d nodes, the defaults %d", n, base)
	}
	for _, c := range []struct {
		name string
		v    float64
	}{{"rfpDepth", 0}, {"nullMinDepth", 0}, {"nullMinBoard", 64}, {"lmrFirst", 64}, {"lmrDiv", 1.5}, {"deltaMargin", 0}, {"qsRelays", 1}} {
		if n := nodes(knob(t, c.name, c.v)); n == base {
			t.Errorf("%s=%v: %d nodes at depth 8, as the defaults", c.name, c.v, n)
		}
	}
}

// Tunables is a copy: changing it changes no engine.
func TestTunablesIsACopy(t *testing.T) {
	ts := Tunables()
	ts[1].Max = 1
	var s ParamSet
	if err := s.Set(ts[1].Name, 500); err != nil {
		t.Errorf("the table changed through Tunables: %v", err)
	}
}

// Below nullMinBoard warriors on the board no null move is tried: at a
// root of 21 warriors (the board only shrinks along a line) the defaults
// search the tree that null move turned off searches, and a null move
// allowed on any board (nullMinBoard 0) changes it.
func TestNoNullMoveOnSmallBoards(t *testing.T) {
	pos, err := position.Parse("0.2.1.1.0.0.0.1.0.2/1.0.0.1.1.0.2.1.1.7 16-13 s 21")
	if err != nil {
		t.Fatal(err)
	}
	if n := pos.BoardTotal(); n >= defaultParams.nullMinBoard {
		t.Fatalf("the position has %d warriors on the board, not fewer than nullMinBoard %d", n, defaultParams.nullMinBoard)
	}
	nodes := func(s ParamSet) uint64 { return paramNodes(t, &pos, s, 10) }
	def, off, anyBoard := nodes(ParamSet{}), nodes(knob(t, "nullMinDepth", 0)), nodes(knob(t, "nullMinBoard", 0))
	if def != off {
		t.Errorf("defaults: %d nodes; without null move: %d (a null move was tried below nullMinBoard)", def, off)
	}
	if anyBoard == def {
		t.Errorf("nullMinBoard 0: %d nodes, as the defaults (the test does not reach null move)", anyBoard)
	}
}

// knob returns the settings with the one knob name set to v.
func knob(t *testing.T, name string, v float64) ParamSet {
	t.Helper()
	var s ParamSet
	if err := s.Set(name, v); err != nil {
		t.Fatal(err)
	}
	return s
}

// paramNodes returns the nodes a fresh engine with settings s searches
// to depth from pos.
func paramNodes(t *testing.T, pos *position.Position, s ParamSet, depth int) uint64 {
	t.Helper()
	e, err := NewEngine(Options{HashMB: 4, Params: s})
	if err != nil {
		t.Fatal(err)
	}
	return e.Search(context.Background(), *pos, nil, Limits{Depth: depth}, nil).Nodes
}
