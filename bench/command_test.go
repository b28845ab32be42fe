// Tests of kiothi bench's face: its flags checked in their words.

package bench

import (
	"strings"
	"testing"
)

func TestFlagsCheck(t *testing.T) {
	good := Flags{Depth: DefaultDepth, HashMB: 16, Threads: []int{1}}
	if err := good.Check(); err != nil {
		t.Fatalf("the defaults: %v", err)
	}
	for _, c := range []struct {
		f    Flags
		want string
	}{
		{Flags{Depth: 0, HashMB: 16, Threads: []int{1}}, "--depth 0"},
		{Flags{Depth: 1, HashMB: 0, Threads: []int{1}}, "--hash 0"},
		{Flags{Depth: 1, HashMB: 16}, "--threads: give at least one thread count"},
		{Flags{Depth: 1, HashMB: 16, Threads: []int{1, 0}}, "--threads 0"},
		{Flags{Depth: 1, HashMB: 16, Threads: []int{1}, MoveTimes: []int{0}}, "--movetime 0"},
		{Flags{Depth: 1, HashMB: 16, Threads: []int{1, 2}, Eval: "linear"}, "--eval measures the depth bench with one thread count, not --threads 1,2 or --movetime"},
	} {
		if err := c.f.Check(); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
}
