// Tests of the memory bounds: the address-space limit and GOMEMLIMIT
// count. (That limits stays below the engine is a rule of
// internal/layers' TestLayers.)

package limits

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/internal/memtest"
)

// TestAddressSpaceLimitCounts: under `ulimit -v` the memory this process
// may use is what the limit leaves, not the machine's.
func TestAddressSpaceLimitCounts(t *testing.T) {
	out, child := memtest.Limited(t, 2048)
	if child {
		fmt.Printf("MemoryMB %d\n", MemoryMB())
		fmt.Printf("check: %v\n", CheckMemory("--hash 2000", 2000))
		return
	}
	var mb uint64
	if _, err := fmt.Sscanf(out[strings.Index(out, "MemoryMB "):], "MemoryMB %d", &mb); err != nil || mb > 2048 || mb < 1024 {
		t.Errorf("MemoryMB under a 2048 MB address-space margin: %d (%v)\n%s", mb, err, out)
	}
	if !strings.Contains(out, "check: --hash 2000: 2000 MB, more than 3/4 of the") || !strings.Contains(out, "(ulimit -v less what is mapped)") {
		t.Errorf("2000 MB accepted, or the bound not named:\n%s", out)
	}
}

func TestGOMEMLIMITCounts(t *testing.T) {
	old := debug.SetMemoryLimit(1 << 30)
	defer debug.SetMemoryLimit(old)
	if got := MemoryMB(); got != 1024 {
		t.Errorf("MemoryMB with GOMEMLIMIT 1 GiB: %d", got)
	}
	err := CheckMemory("--hash 1000", 1000)
	if err == nil || err.Error() != "--hash 1000: 1000 MB, more than 3/4 of the 1024 MB of memory this process may use (GOMEMLIMIT)" {
		t.Errorf("1000 MB under GOMEMLIMIT 1 GiB: %v", err)
	}
	if err := CheckMemory("--hash 700", 700); err != nil {
		t.Error(err)
	}
}
