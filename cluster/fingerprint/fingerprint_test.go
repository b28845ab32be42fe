// Tests of the build fingerprint's node count.

package fingerprint

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/bench"
)

// TestNodes: the build fingerprint's count is the node count
// kiothi bench prints at Depth on one thread, and the same on
// every call.
func TestNodes(t *testing.T) {
	a, err := Nodes()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := bench.Run(context.Background(), bench.Options{Depth: Depth, Threads: 1, HashMB: 16}, &out); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("\nNodes searched: %d\n", a); !strings.Contains(out.String(), want) {
		t.Fatalf("Nodes %d, bench at depth %d:\n%s", a, Depth, out.String())
	}
	if b, _ := Nodes(); b != a {
		t.Fatalf("Nodes changed between calls: %d then %d", a, b)
	}
}
