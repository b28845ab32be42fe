// The Lazy SMP instruments when they are off (the default build): empty
// hooks that the compiler inlines away, so the search pays nothing.
//go:build !smpstats

package search

import (
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/tt"
)

// instrumented is true in a build with -tags smpstats.
const instrumented = false

// threadStats holds one thread's instrument counters; empty here.
type threadStats struct{}

func (*threadStats) probe(*worker, *position.Position, uint64, int, bool, tt.Entry) {}
func (*threadStats) store(*worker, uint64, int)                                     {}
func (*threadStats) iterStart(uint64)                                               {}
func (*threadStats) rootMoveDone(int)                                               {}
func (*threadStats) completed(*worker, int)                                         {}
func (*threadStats) aborted(*worker, int)                                           {}
func statsBegin()                                                                   {}
