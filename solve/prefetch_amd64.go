//go:build !purego

// A cache prefetch of a table slot, in assembly: Go has no prefetch of
// its own, and a plain load would stall the solver until the line came.

package solve

import "sync/atomic"

// prefetch starts loading the cache line of p without waiting for it.
//
//go:noescape
func prefetch(p *atomic.Uint64)
