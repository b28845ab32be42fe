// Tests of kiothi serve's face: its settings checked in its flags' words.

package serve

import (
	"strings"
	"testing"
	"time"
)

// TestCommandCheckNamesFlags: a zero the flags gave is refused, not
// defaulted, and each error names the flag.
func TestCommandCheckNamesFlags(t *testing.T) {
	good := Command{Config: Config{MaxSearches: DefaultMaxSearches, MaxMoveTime: DefaultMaxMoveTime,
		MaxAnalysisTime: DefaultMaxAnalysisTime, DefaultMoveTime: DefaultMoveTime, HashMB: 1, MaxBody: DefaultMaxBody},
		Grace: DefaultGrace}
	if err := good.Check(); err != nil {
		t.Fatalf("the defaults: %v", err)
	}
	for _, c := range []struct {
		set  func(*Command)
		want string
	}{
		{func(c *Command) { c.MaxSearches = 0 }, "--max-searches 0"},
		{func(c *Command) { c.MaxMoveTime = 0 }, "--max-movetime"},
		{func(c *Command) { c.MaxAnalysisTime = 25 * time.Hour }, "--max-analysis"},
		{func(c *Command) { c.DefaultMoveTime = 0 }, "--movetime"},
		{func(c *Command) { c.HashMB = 0 }, "--hash 0"},
		{func(c *Command) { c.MaxBody = MaxBodyLimit + 1 }, "--max-body"},
		{func(c *Command) { c.Grace = -time.Second }, "--grace -1s: must not be negative"},
	} {
		cmd := good
		c.set(&cmd)
		if err := cmd.Check(); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
}
