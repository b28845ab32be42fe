// Package limits is the one table of bounds on what a user may ask of the
// engine (threads, table sizes, depth, time, memory, line length), so that
// every front end accepts the same values and says the same about a bad
// one. The engine settings (package settings) take their ranges and
// defaults from it; search limits, server caps and job bounds use it
// directly.
package limits

import (
	"fmt"
	"time"
)

// The bounds and defaults as constants, for the engine packages that size
// arrays or fill in defaults with them (they import limits; limits imports
// no engine package).
const (
	// MaxThreads bounds search threads and every other count of things
	// run at once.
	MaxThreads = 256
	// MinHashMB and MaxHashMB bound one transposition table (64 GiB).
	MinHashMB = 1
	MaxHashMB = 1 << 16
	// DefaultHashMB is the table of an engine whose size is not given:
	// commands, the server, workers' search and datagen jobs, match specs,
	// the UGI Hash option's default and terminal play. It is small on
	// purpose: at game and analysis times of up to a second a search
	// fills little of it, and a table beyond the processor's caches costs
	// more in cache misses than its size buys (docs/strength.md, "The
	// table's size").
	DefaultHashMB = 4
	// AnalysisHashMB is the table of a long analysis whose size is not
	// given (LongAnalysis). At analysis times the 4 MB table is full
	// within seconds and a deep search revisits more than it holds: 16
	// MB reached depth 25 in three quarters of the CPU time 4 MB took on
	// one position (the same on another), while 64 and 256 MB saved
	// some nodes but lost as much again to cache misses (time to depth
	// and best move by depth at 4, 16, 64 and 256 MB are in the commit
	// that set it; the best move was the same at every size).
	AnalysisHashMB = 16
	// SessionHashMB is the table of an engine kept for a whole session
	// or game (the UGI Hash option's default, terminal play).
	SessionHashMB = DefaultHashMB
	// BenchHashMB is the table of kiothi bench and the build fingerprint:
	// fixed, so that the bench signature does not move with the default.
	BenchHashMB = 16
	// SolveHashMB is the solver's table when `kiothi solve` is not given
	// one: a proof revisits far more positions than a search, but with
	// the endgame database most proofs are small, and a table that fits
	// the caches and takes fewer pages costs less CPU, user and system,
	// than 64 MB on all but the largest (docs/solve.md).
	SolveHashMB = 16
	// DatagenHashMB is the table of each game datagen plays at once:
	// node-limited searches of a few thousand nodes fill no more.
	DatagenHashMB = 8
	// MaxDepth bounds a search depth.
	MaxDepth = 100
	// MaxMultiPV bounds the lines shown: at most one per legal move
	// (search checks that it does not exceed movegen.MaxMoves).
	MaxMultiPV = 64
	// DefaultMoveOverheadMS is the time an engine keeps back from every
	// time limit for the transport (the UGI MoveOverhead option's default).
	DefaultMoveOverheadMS = 30
	// MinMultiplier and MaxMultiplier bound the one-warrior win multiplier.
	MinMultiplier = 2
	MaxMultiplier = 10
)

// Range is the closed interval a whole-number setting must lie in.
type Range struct {
	Min, Max int64
	Unit     string // "MB", "ms" or "" after the bounds in messages
}

// The table. A setting given explicitly must lie in its range; "none"
// is said by leaving a setting out, never by a value outside it.
var (
	// Threads bounds every count of threads or parallel searches: search
	// threads, perft goroutines, book build searches, match games at once
	// and server searches at once.
	Threads = Range{Min: 1, Max: MaxThreads}
	// HashMB bounds one transposition table.
	HashMB = Range{Min: MinHashMB, Max: MaxHashMB, Unit: "MB"}
	// Depth bounds a search depth.
	Depth = Range{Min: 1, Max: MaxDepth}
	// Nodes bounds a node limit.
	Nodes = Range{Min: 1, Max: 1 << 62}
	// MultiPV bounds the lines shown.
	MultiPV = Range{Min: 1, Max: MaxMultiPV}
	// MoveTimeMS bounds the time for one move: a day.
	MoveTimeMS = Range{Min: 1, Max: 24 * 3600 * 1000, Unit: "ms"}
	// MoveOverheadMS bounds the time kept back for the transport.
	MoveOverheadMS = Range{Min: 0, Max: 5000, Unit: "ms"}
	// Multiplier bounds the one-warrior win multiplier.
	Multiplier = Range{Min: MinMultiplier, Max: MaxMultiplier}
	// Elo bounds an SPRT hypothesis (elo0, elo1): beyond it the model's
	// expected scores are 0 or 1 to double precision.
	Elo = Range{Min: -1000, Max: 1000}
	// SPSAIterations bounds a kiothi spsa run (its state file keeps each
	// iteration's values).
	SPSAIterations = Range{Min: 1, Max: 100_000}
	// SPSAPairs bounds the game pairs of one SPSA iteration.
	SPSAPairs = Range{Min: 1, Max: 10_000}
)

// Contains reports whether v lies in r.
func (r Range) Contains(v int64) bool { return v >= r.Min && v <= r.Max }

// Check returns nil when v lies in r, else an error that names the
// setting (a flag, option or field name as the user wrote it) and the
// range: `--threads 500: must be from 1 to 256`.
func (r Range) Check(name string, v int64) error {
	if r.Contains(v) {
		return nil
	}
	return fmt.Errorf("%s %d: %s", name, v, r.Want())
}

// Want says what r admits: "must be from 1 to 256" (with the unit).
func (r Range) Want() string {
	if r.Unit == "" {
		return fmt.Sprintf("must be from %d to %d", r.Min, r.Max)
	}
	return fmt.Sprintf("must be from %d to %d %s", r.Min, r.Max, r.Unit)
}

// LongAnalysisTime is the move time from which an analysis is long
// (LongAnalysis).
const LongAnalysisTime = time.Second

// LongAnalysis reports whether an analysis with these limits is long: an
// infinite one, or one of a move time of LongAnalysisTime or more.
func LongAnalysis(infinite bool, moveTime time.Duration) bool {
	return infinite || moveTime >= LongAnalysisTime
}

// AnalysisHash returns the table for an analysis whose size is not given:
// AnalysisHashMB when the analysis is long and the given number of
// engines, each of the given threads and such a table, pass the memory
// check (CheckMemory), else DefaultHashMB.
func AnalysisHash(long bool, engines, threads int) int {
	if long && CheckMemory("", int64(engines)*EngineMB(threads, AnalysisHashMB)) == nil {
		return AnalysisHashMB
	}
	return DefaultHashMB
}
