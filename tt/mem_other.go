// The machine's memory where the platform does not tell: unknown.
//go:build !linux

package tt

func totalMemoryMB() uint64 { return 0 }
