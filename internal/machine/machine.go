// Package machine describes the computer a process runs on (CPU brand,
// cores, caches, x86-64 level, Go version and GOAMD64), so that every
// speed figure the engine prints, and every result a worker sends, says
// which machine it was measured on.
package machine

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/klauspost/cpuid/v2"
)

// Info is one machine's description.
type Info struct {
	CPU       string `json:"cpu"`               // brand string, as the CPU reports it
	Physical  int    `json:"physical_cores"`    // physical cores (0: unknown)
	Logical   int    `json:"logical_cores"`     // hardware threads (0: unknown)
	Procs     int    `json:"procs"`             // CPUs this process may use (GOMAXPROCS)
	L2KB      int    `json:"l2_kb,omitempty"`   // L2 cache, KiB (0: unknown)
	L3KB      int    `json:"l3_kb,omitempty"`   // L3 cache, KiB (0: unknown)
	X86Level  int    `json:"x86_64_level"`      // microarchitecture level 1..4 (0: not x86-64)
	GoVersion string `json:"go"`                // the Go release that built the binary
	GOAMD64   string `json:"goamd64,omitempty"` // the level the binary was compiled for
	Arch      string `json:"arch"`              // GOOS/GOARCH
}

// Current describes this machine and process.
func Current() Info {
	return Info{
		CPU:       strings.TrimSpace(cpuid.CPU.BrandName),
		Physical:  cpuid.CPU.PhysicalCores,
		Logical:   cpuid.CPU.LogicalCores,
		Procs:     runtime.GOMAXPROCS(0),
		L2KB:      kb(cpuid.CPU.Cache.L2),
		L3KB:      kb(cpuid.CPU.Cache.L3),
		X86Level:  cpuid.CPU.X64Level(),
		GoVersion: runtime.Version(),
		GOAMD64:   goamd64,
		Arch:      runtime.GOOS + "/" + runtime.GOARCH,
	}
}

func kb(bytes int) int { return max(bytes, 0) / 1024 }

// String is the one-line description bench, perft and the worker print:
//
//	CPU: AMD EPYC 9654 96-Core Processor, 96 physical / 192 logical cores (2 for this process), L2 1024 KiB, L3 32768 KiB, x86-64-v4; go1.26.8 linux/amd64 GOAMD64=v1
func (m Info) String() string {
	var b strings.Builder
	cpu := m.CPU
	if cpu == "" {
		cpu = "unknown CPU"
	}
	fmt.Fprintf(&b, "CPU: %s, %s physical / %s logical cores (%d for this process)", cpu, count(m.Physical), count(m.Logical), m.Procs)
	if m.L2KB > 0 {
		fmt.Fprintf(&b, ", L2 %d KiB", m.L2KB)
	}
	if m.L3KB > 0 {
		fmt.Fprintf(&b, ", L3 %d KiB", m.L3KB)
	}
	if m.X86Level > 0 {
		fmt.Fprintf(&b, ", x86-64-v%d", m.X86Level)
	}
	fmt.Fprintf(&b, "; %s %s", m.GoVersion, m.Arch)
	if m.GOAMD64 != "" {
		fmt.Fprintf(&b, " GOAMD64=%s", m.GOAMD64)
	}
	return b.String()
}

func count(n int) string {
	if n <= 0 {
		return "?"
	}
	return fmt.Sprint(n)
}
