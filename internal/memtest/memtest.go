// Package memtest runs a test in a child process under an address-space
// limit (RLIMIT_AS), where an allocation the limit refuses would end the
// process, so that the test can see a crash as a failure.
package memtest

import (
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

const env = "KIOTHI_MEMTEST_LIMIT_MB"

// Limited runs the test calling it again in a child process whose address
// space may grow by at most extraMB beyond what it maps at the start, and
// returns the child's output and whether this process is that child. In
// the child, Limited sets the limit and returns ("", true): the test then
// does its work and prints what the parent checks. In the parent it
// returns the child's combined output and false, having failed the test
// when the child crashed (a Go runtime "fatal error" or a signal).
func Limited(t *testing.T, extraMB int) (out string, child bool) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("address-space limits are applied on Linux only")
	}
	if v := os.Getenv(env); v != "" {
		mb, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("%s=%s", env, v)
		}
		limitAddressSpace(t, vmSize(t)+mb<<20)
		return "", true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), env+"="+strconv.Itoa(extraMB))
	b, err := cmd.CombinedOutput()
	out = string(b)
	if strings.Contains(out, "fatal error") || strings.Contains(out, "panic:") || strings.Contains(out, "signal: ") {
		t.Fatalf("the child crashed under the limit (%v):\n%s", err, tail(out))
	}
	if err != nil {
		t.Fatalf("the child failed (%v):\n%s", err, tail(out))
	}
	return out, false
}

// vmSize returns this process's mapped address space (VmSize) in bytes.
func vmSize(t *testing.T) uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "VmSize:" {
			n, err := strconv.ParseUint(f[1], 10, 64)
			if err != nil {
				t.Fatal(line)
			}
			return n << 10
		}
	}
	t.Fatal("no VmSize in /proc/self/status")
	return 0
}

func tail(s string) string {
	if len(s) > 3000 {
		return "..." + s[len(s)-3000:]
	}
	return s
}
