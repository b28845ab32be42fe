// The bounds on this process's memory where the platform does not tell.
//go:build !linux

package limits

// platformBounds returns none: unknown on this platform (GOMEMLIMIT
// still counts).
func platformBounds() []memoryBound { return nil }
