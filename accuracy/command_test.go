// Tests of kiothi accuracy's face: its flags checked in their words.

package accuracy

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

func TestFlagsRefused(t *testing.T) {
	for _, c := range []struct {
		f    Flags
		want string
	}{
		{Flags{Player: "engine", MoveTime: time.Millisecond}, "--set: required"},
		{Flags{Set: "s", Player: "engine", MoveTime: 0}, "--movetime"},
		{Flags{Set: "s", Player: "nosuch", MoveTime: time.Millisecond}, "--player: "},
		{Flags{Set: "/no/such/set", Player: "engine", MoveTime: time.Millisecond}, "--set: "},
	} {
		if err := c.f.Run(context.Background(), io.Discard); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
	dir := t.TempDir()
	for _, c := range []struct {
		f    GenerateFlags
		want string
	}{
		{GenerateFlags{N: 1, HashMB: 1}, "--out: required"},
		{GenerateFlags{N: 0, HashMB: 1, Out: dir + "/s"}, "--n 0: want 1 to 10000"},
		{GenerateFlags{N: 1, Nodes: -1, HashMB: 1, Out: dir + "/s"}, "--nodes -1"},
		{GenerateFlags{N: 1, HashMB: 0, Out: dir + "/s"}, "--hash 0"},
		{GenerateFlags{N: 1, HashMB: 1, Out: dir + "/no/s"}, "--out: "},
	} {
		if err := c.f.Run(context.Background(), io.Discard, nil); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
}
