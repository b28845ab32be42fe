// The search's tuning knobs, gathered in one value that each engine holds.

package search

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// params are the pruning, reduction and threading settings of a search,
// chosen by kiothi bench and paired self-play at equal nodes (kiothi match
// with param.NAME specs; the measurements: docs/journal/measurements.md,
// "Search settings chosen by self-play and bench nodes"). Every
// engine takes defaultParams changed by its Options.Params (paramTable
// names the knobs a user may set), so no setting is package state.
type params struct {
	rfpDepth     int     // reverse futility pruning up to this depth (0: off)
	rfpMargin    int     // its margin per ply of depth, centi-warriors
	nullMinDepth int     // least depth for null-move pruning (0: off)
	nullMinBoard int     // least warriors on the board for null-move pruning (zugzwang below)
	lmrFirst     int     // moves searched in full before late move reductions
	lmrDiv       float64 // scales the reductions (bigger: smaller reductions)
	deltaMargin  int     // quiescence's delta pruning margin (0: off)
	qsRelays     bool    // quiescence sows relaying moves for their captures
	smpSkip      bool    // Lazy SMP helpers skip depths (as in Stockfish)
	smpVote      bool    // the threads vote for the move played (shared.vote)
	smpMarks     bool    // busy marks: late moves reduced more where another thread searches (marks.go)
	solveBase    int     // the root solve's most warriors at a one-second budget (endgame.go)
	solveBaseDB  int     // the same with an endgame database (Options.DB)
	solveMinMS   int     // the least budget a root solve is tried with, ms
	lmr          *lmrTable
}

// lmrTable[d][i] is the late move reduction at depth d for the i-th move.
type lmrTable [MaxDepth + 1][movegen.MaxMoves]int8

// defaultParams are the engine's settings.
var defaultParams = params{
	rfpDepth:     3,
	rfpMargin:    150,
	nullMinDepth: 3,
	nullMinBoard: 26,
	lmrFirst:     3,
	lmrDiv:       2.25,
	deltaMargin:  200,
	qsRelays:     false, // not weaker at equal nodes, and cheaper per node
	smpSkip:      true,
	solveBase:    28,
	solveBaseDB:  30,
	solveMinMS:   25,
}.withLMR()

// withLMR returns p with its reduction table built from p.lmrDiv.
func (p params) withLMR() params {
	t := new(lmrTable)
	for d := 1; d <= MaxDepth; d++ {
		for i := 1; i < movegen.MaxMoves; i++ {
			t[d][i] = int8(0.5 + lnApprox(d)*lnApprox(i)/p.lmrDiv)
		}
	}
	p.lmr = t
	return p
}

// lnApprox is log for small positive ints; the reduction table is built
// with it (math.Log could round an entry the other way).
func lnApprox(n int) float64 {
	x := float64(n)
	r := 0.0
	for x > 2 {
		x /= 2.718281828459045
		r++
	}
	// log(x) for x in (0, 2] by the series of log((1+y)/(1-y)).
	y := (x - 1) / (x + 1)
	y2 := y * y
	return r + 2*y*(1+y2/3+y2*y2/5+y2*y2*y2/7)
}

// Param is one search knob a user may set (Options.Params, a match spec's
// param.NAME=V) and kiothi spsa may tune.
type Param struct {
	Name              string
	Default, Min, Max float64
	Int               bool    // a whole number: a value set is rounded
	C                 float64 // SPSA's perturbation at the last iteration (0: a switch, not tuned)
	R                 float64 // SPSA's learning rate at the last iteration
	set               func(*params, float64)
}

// Tunable says whether SPSA tunes p by default.
func (p Param) Tunable() bool { return p.C > 0 }

// Format writes v as the knob takes it: whole numbers without a point.
func (p Param) Format(v float64) string {
	if p.Int {
		return strconv.FormatInt(int64(math.Round(v)), 10)
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// paramTable is every knob of params a user may set; the defaults are
// defaultParams' (TestParamTableDefaults). C and R follow fishtest's SPSA
// conventions: C about a tenth of the default (one step for a depth or a
// count, which rounding needs), R 0.002.
var paramTable = [...]Param{
	{Name: "rfpDepth", Default: 3, Min: 0, Max: 10, Int: true, C: 1, R: 0.002,
		set: func(p *params, v float64) { p.rfpDepth = int(v) }},
	{Name: "rfpMargin", Default: 150, Min: 0, Max: 600, Int: true, C: 20, R: 0.002,
		set: func(p *params, v float64) { p.rfpMargin = int(v) }},
	{Name: "nullMinDepth", Default: 3, Min: 0, Max: 10, Int: true, C: 1, R: 0.002,
		set: func(p *params, v float64) { p.nullMinDepth = int(v) }},
	{Name: "nullMinBoard", Default: 26, Min: 0, Max: position.MaxTotal + 1, Int: true,
		set: func(p *params, v float64) { p.nullMinBoard = int(v) }},
	{Name: "lmrFirst", Default: 3, Min: 1, Max: movegen.MaxMoves, Int: true, C: 1, R: 0.002,
		set: func(p *params, v float64) { p.lmrFirst = int(v) }},
	{Name: "lmrDiv", Default: 2.25, Min: 1, Max: 8, C: 0.25, R: 0.002,
		set: func(p *params, v float64) { p.lmrDiv = v }},
	{Name: "deltaMargin", Default: 200, Min: 0, Max: 1000, Int: true, C: 25, R: 0.002,
		set: func(p *params, v float64) { p.deltaMargin = int(v) }},
	{Name: "qsRelays", Default: 0, Min: 0, Max: 1, Int: true,
		set: func(p *params, v float64) { p.qsRelays = v != 0 }},
	{Name: "solveBase", Default: 28, Min: 0, Max: solveMax, Int: true,
		set: func(p *params, v float64) { p.solveBase = int(v) }},
	{Name: "solveBaseDB", Default: 30, Min: 0, Max: solveMax, Int: true,
		set: func(p *params, v float64) { p.solveBaseDB = int(v) }},
	{Name: "solveMinMS", Default: 25, Min: 0, Max: 10000, Int: true,
		set: func(p *params, v float64) { p.solveMinMS = int(v) }},
}

// numParams is the number of knobs in paramTable.
const numParams = len(paramTable)

// Tunables returns the knobs a user may set, in a fixed order (a copy:
// the table is not the caller's to change).
func Tunables() []Param { return slices.Clone(paramTable[:]) }

// ParamNames returns the knobs' names, comma separated (for messages).
func ParamNames() string {
	names := make([]string, numParams)
	for i, p := range paramTable {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// paramIndex returns the index of the knob so named, or an error naming it.
func paramIndex(name string) (int, error) {
	for i, p := range paramTable {
		if p.Name == name {
			return i, nil
		}
	}
	return -1, fmt.Errorf("unknown search param %q (want one of %s)", name, ParamNames())
}

// LookupParam returns the knob so named, or an error naming it.
func LookupParam(name string) (Param, error) {
	i, err := paramIndex(name)
	if err != nil {
		return Param{}, err
	}
	return paramTable[i], nil
}

// ParamSet is a value for some knobs; the others keep their defaults. The
// zero ParamSet is the defaults. It is comparable, so Options stays so.
type ParamSet struct {
	set [numParams]bool
	val [numParams]float64
}

// Set gives the knob name the value v, rounded when the knob is a whole
// number; an unknown name or a value out of the knob's range is an error
// naming it.
func (s *ParamSet) Set(name string, v float64) error {
	i, err := paramIndex(name)
	if err != nil {
		return err
	}
	p := paramTable[i]
	if math.IsNaN(v) || v < p.Min || v > p.Max {
		return fmt.Errorf("search param %s=%v: want %s to %s", name, v, p.Format(p.Min), p.Format(p.Max))
	}
	if p.Int {
		v = math.Round(v)
	}
	s.set[i], s.val[i] = true, v
	return nil
}

// Value returns the knob's value in s: the one set, or its default.
func (s ParamSet) Value(name string) (float64, error) {
	i, err := paramIndex(name)
	if err != nil {
		return 0, err
	}
	if s.set[i] {
		return s.val[i], nil
	}
	return paramTable[i].Default, nil
}

// IsZero says whether s sets no knob.
func (s ParamSet) IsZero() bool { return s == ParamSet{} }

// String lists the knobs set as name=value, comma separated, in table order.
func (s ParamSet) String() string {
	var b strings.Builder
	for i, p := range paramTable {
		if !s.set[i] {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p.Name + "=" + p.Format(s.val[i]))
	}
	return b.String()
}

// params returns defaultParams with the knobs of s set.
func (s ParamSet) params() params {
	if s.IsZero() {
		return defaultParams
	}
	p := defaultParams
	for i, k := range paramTable {
		if s.set[i] {
			k.set(&p, s.val[i])
		}
	}
	return p.withLMR()
}
