// The memory this process may use where the platform does not tell: unknown.
//go:build !linux

package tt

// MemoryMB returns 0: unknown on this platform.
func MemoryMB() uint64 { return 0 }
