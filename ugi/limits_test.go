// Tests that the session's bounds are package limits' table: options,
// go limits and the memory of Hash with Threads.

package ugi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/limits"
)

// TestLimitsFromTheTable: the declared spins are the table's ranges, and
// values just outside them are refused with the range.
func TestLimitsFromTheTable(t *testing.T) {
	h := startSession(t, Config{})
	h.send("ugi")
	decl := map[string]string{}
	for {
		l := h.next()
		if l == "ugiok" {
			break
		}
		if rest, ok := strings.CutPrefix(l, "option name "); ok {
			name, d, _ := strings.Cut(rest, " type ")
			decl[name] = d
		}
	}
	for name, r := range map[string]limits.Range{
		"Hash": limits.HashMB, "Threads": limits.Threads, "MultiPV": limits.MultiPV,
		"MoveOverhead": limits.MoveOverheadMS, "OneWarriorMultiplier": limits.Multiplier,
	} {
		t.Run(name, func(t *testing.T) {
			h := h.on(t)
			if !strings.HasSuffix(decl[name], fmt.Sprintf("min %d max %d", r.Min, r.Max)) {
				t.Errorf("option %s declared %q, want min %d max %d", name, decl[name], r.Min, r.Max)
			}
			h.wantError(fmt.Sprintf("setoption name %s value %d", name, r.Max+1))
		})
	}
	h.wantError(fmt.Sprintf("go depth %d", limits.Depth.Max+1))
	h.wantError("go nodes 0")
	h.quit()
}

// TestHashWithThreadsMemory: a Hash that fits alone but not with the
// Threads already set is refused (Threads first, so nothing large is
// ever allocated).
func TestHashWithThreadsMemory(t *testing.T) {
	avail := int64(limits.MemoryMB() * 3 / 4)
	hash := avail - limits.Threads.Max*limits.ThreadMB/2
	if avail == 0 || hash < 1 || hash > limits.HashMB.Max {
		t.Skipf("this process's memory (%d MB) is unknown or beyond the largest Hash", limits.MemoryMB())
	}
	if limits.CheckMemory("one thread", limits.EngineMB(1, int(hash))) != nil {
		t.Fatalf("Hash %d with one thread: refused", hash)
	}
	h := startSession(t, Config{})
	h.send("setoption name Threads value " + fmt.Sprint(limits.Threads.Max))
	got := h.ask(fmt.Sprintf("setoption name Hash value %d", hash))
	if !strings.HasPrefix(got, "info string error: ") || !strings.Contains(got, "memory") {
		t.Errorf("Hash %d with Threads %d: %q, want an error about memory", hash, limits.Threads.Max, got)
	}
	h.quit()
}
