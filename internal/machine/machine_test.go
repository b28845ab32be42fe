// Tests of the machine description.

package machine

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	m := Info{CPU: "Example CPU 9000", Physical: 8, Logical: 16, Procs: 4, L2KB: 1024, L3KB: 32768,
		X86Level: 3, GoVersion: "go1.26.8", GOAMD64: "v1", Arch: "linux/amd64"}
	want := "CPU: Example CPU 9000, 8 physical / 16 logical cores (4 for this process), L2 1024 KiB, L3 32768 KiB, x86-64-v3; go1.26.8 linux/amd64 GOAMD64=v1"
	if got := m.String(); got != want {
		t.Errorf("String:\n got %s\nwant %s", got, want)
	}
	// Unknown fields say so rather than print zeros.
	u := Info{Procs: 1, GoVersion: "go1.26.8", Arch: "linux/arm64"}
	want = "CPU: unknown CPU, ? physical / ? logical cores (1 for this process); go1.26.8 linux/arm64"
	if got := u.String(); got != want {
		t.Errorf("String:\n got %s\nwant %s", got, want)
	}
}

func TestCurrent(t *testing.T) {
	m := Current()
	if m.Procs != runtime.GOMAXPROCS(0) || m.GoVersion != runtime.Version() || m.Arch != runtime.GOOS+"/"+runtime.GOARCH {
		t.Errorf("Current: %+v", m)
	}
	if runtime.GOARCH == "amd64" && (m.X86Level < 1 || m.X86Level > 4) {
		t.Errorf("x86-64 level %d on amd64", m.X86Level)
	}
	// The compiled-in level is the one the build says it used.
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "GOAMD64" && s.Value != m.GOAMD64 {
				t.Errorf("GOAMD64 %q, build settings say %q", m.GOAMD64, s.Value)
			}
		}
	}
	if !strings.HasPrefix(m.String(), "CPU: ") {
		t.Errorf("String %q", m.String())
	}
}
