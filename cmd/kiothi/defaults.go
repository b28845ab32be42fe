// Defaults shared by commands: the thread count a machine offers.
package main

import (
	"runtime"

	"github.com/klauspost/cpuid/v2"
)

// defaultThreads returns the machine's logical core count: what cpuid
// detects, else what the Go runtime may use.
func defaultThreads() int {
	if n := cpuid.CPU.LogicalCores; n > 0 {
		return n
	}
	return max(runtime.NumCPU(), 1)
}
