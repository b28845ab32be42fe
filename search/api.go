// The search's public contract: limits, options, info lines and results.

package search

import (
	"time"

	"github.com/kiothi/kiothi/egdb"
	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Limits bound one search. Zero fields are unset; with none set the search
// runs to MaxDepth. Infinite runs until the context is cancelled.
type Limits struct {
	Depth    int
	Nodes    uint64
	MoveTime time.Duration
	Infinite bool
	// Clock, UGI style: p1 is South.
	P1Time, P2Time, P1Inc, P2Inc time.Duration
	MoveOverhead                 time.Duration
}

// Options configure an Engine. Zero fields take defaults: 1 thread,
// limits.DefaultHashMB, 1 line, movegen.Margin, multiplier 2 (NewEngine).
type Options struct {
	Threads    int
	HashMB     int
	MultiPV    int
	Rules      movegen.Rules
	Objective  movegen.Objective
	Multiplier int // one-warrior multiplier, 2..10
	// Eval is the evaluation (nil: the embedded network's, eval/nn;
	// eval.Std() is the linear model's).
	Eval *eval.Evaluator
	// Params are the search knobs set (Tunables); the zero set is the
	// defaults.
	Params ParamSet
	// DB, if set, is an endgame database: under the margin objective the
	// positions it holds (after the root) are scored by their exact value,
	// and the root solve stops at them.
	DB *egdb.DB
}

// Info is one progress report, as printed in an "info" line.
type Info struct {
	Depth, SelDepth, MultiPV int
	// Lines is how many lines this report's depth has: they come one
	// Info each, MultiPV 1..Lines, best first (scores non-increasing).
	Lines    int
	Score    int  // centi-warriors, side to move's view
	Proven   bool // Score is a proven game value (see the package doc)
	Nodes    uint64
	NPS      uint64
	Hashfull int // per mille
	Time     time.Duration
	PV       []position.GameMove
}

// Result is the outcome of a search.
type Result struct {
	Best    position.GameMove
	Ponder  position.GameMove
	HasMove bool // false when the side to move has no legal move
	Score   int
	Proven  bool
	Depth   int
	Nodes   uint64
	PV      []position.GameMove
	// Note, when not empty, says what became of the endgame database
	// before or during the search: its file changed and was read again,
	// or it was dropped (Engine.Search). A face shows it once.
	Note string
}
