//go:build !amd64 || purego

// The prefetch hint where there is no assembly for it: nothing.

package solve

import "sync/atomic"

// prefetch does nothing here (see prefetch_amd64.go).
func prefetch(*atomic.Uint64) {}
