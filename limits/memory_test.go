// Tests of the memory bounds: the address-space limit and GOMEMLIMIT
// count, and limits stays below the engine.

package limits

import (
	"fmt"
	"go/parser"
	"go/token"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

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

// TestImportsNoEnginePackage: the bounds table sits below the engine
// packages, which use it.
func TestImportsNoEnginePackage(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range af.Imports {
			p := strings.Trim(im.Path.Value, `"`)
			if strings.HasPrefix(p, "github.com/kiothi/kiothi/") && !strings.HasPrefix(p, "github.com/kiothi/kiothi/internal/") {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}

// TestAnalysisHash: a long analysis gets AnalysisHashMB while the memory
// check passes for all its engines, DefaultHashMB otherwise; a short one
// always DefaultHashMB.
func TestAnalysisHash(t *testing.T) {
	for _, c := range []struct {
		infinite bool
		mt       time.Duration
		long     bool
	}{{false, 0, false}, {false, LongAnalysisTime - time.Millisecond, false}, {false, LongAnalysisTime, true}, {true, 0, true}} {
		if got := LongAnalysis(c.infinite, c.mt); got != c.long {
			t.Errorf("LongAnalysis(%v, %v) = %v", c.infinite, c.mt, got)
		}
	}
	if AnalysisHash(false, 1, 1) != DefaultHashMB {
		t.Errorf("short analysis: %d MB", AnalysisHash(false, 1, 1))
	}
	prev := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(prev)
	// Room for two engines with the analysis table, not for three.
	room := 2*EngineMB(1, AnalysisHashMB)*4/3 + 2
	debug.SetMemoryLimit(room << 20)
	if got := AnalysisHash(true, 2, 1); got != AnalysisHashMB {
		t.Errorf("two engines in %d MB: %d MB", room, got)
	}
	if got := AnalysisHash(true, 3, 1); got != DefaultHashMB {
		t.Errorf("three engines in %d MB: %d MB, want the default %d", room, got, DefaultHashMB)
	}
}
