// Tests of the memory checks under an address-space limit (ulimit -v).

package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/internal/memtest"
)

// TestAddressSpaceLimitRefused: with 3000 MB of address space to spare,
// a table of 4 GB or more is refused with the usual error by every front
// end that takes a size, and the UGI session goes on; before the
// address-space limit was counted each of these ended the process with
// "fatal error: out of memory".
func TestAddressSpaceLimitRefused(t *testing.T) {
	out, child := memtest.Limited(t, 3000)
	if child {
		for _, args := range [][]string{
			{"analyse", "startpos", "--hash", "8000", "--depth", "1"},
			{"book", "build", "--out", filepath.Join(t.TempDir(), "b.kbk"), "--hash", "5000"},
			{"match", "--player1", "engine:hash=5000", "--player2", "random", "--games", "2"},
			{"serve", "--hash", "5000"},
			{"worker", "--nats", "nats://127.0.0.1:1", "--hash", "5000"},
		} {
			_, _, err := runCLI(t, args...)
			fmt.Printf("%s: %v\n", args[0], err)
		}
		stdout, _, err := runCmdIn(t, "setoption name Hash value 16000\nisready\nposition startpos\ngo depth 1\nisready\nquit\n", "ugi")
		fmt.Printf("ugi: %v\n%s", err, stdout)
		return
	}
	for _, name := range []string{"analyse", "book", "match", "serve", "worker"} {
		if !strings.Contains(out, name+": ") || !strings.Contains(strings.SplitN(out[strings.Index(out, name+": "):], "\n", 2)[0], "of memory this process may use (ulimit -v") {
			t.Errorf("%s: not refused for the address-space limit:\n%s", name, out)
		}
	}
	for _, want := range []string{"ugi: <nil>\n", "info string error: setoption Hash: Hash 16000 with Threads 1: ", "bestmove "} {
		if !strings.Contains(out, want) {
			t.Errorf("the UGI session: no %q in\n%s", want, out)
		}
	}
}
