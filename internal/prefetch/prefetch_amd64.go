//go:build !purego

// Package prefetch starts loading a cache line without waiting for it,
// in assembly: Go has no prefetch of its own, and a plain load would
// stall the caller until the line came. The solver prefetches the table
// slots of a node's children while it makes the rest of them.
package prefetch

import "unsafe"

// Line starts loading the cache line of p.
//
//go:noescape
func Line(p unsafe.Pointer)
