// Tests of the engine flags made from the settings table: the case rule
// and the table's checks on every command that declares them.

package main

import (
	"strings"
	"testing"

	"github.com/kiothi/kiothi/settings"
	"github.com/spf13/pflag"
)

// TestSettingFlagsCase: flag names and word values in any case, as on
// every face of the settings table.
func TestSettingFlagsCase(t *testing.T) {
	out, _, err := runCLI(t, "analyse", "startpos", "--DEPTH", "1", "--Hash", "1", "--THREADS", "1", "--objective", "MATCH")
	if err != nil || !strings.Contains(out, "bestmove") {
		t.Fatalf("analyse with names and words in upper case: %v\n%s", err, out)
	}
	out, _, err = runCLI(t, "solve", "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3", "--Objective", "Margin", "--hash", "1")
	if err != nil || !strings.Contains(out, "value") {
		t.Fatalf("solve --Objective Margin: %v\n%s", err, out)
	}
}

// TestSettingFlagsChecked: a value the table refuses is refused by every
// command's flag, naming the flag, before the command runs.
func TestSettingFlagsChecked(t *testing.T) {
	bad := map[*settings.Setting]string{settings.Hash: "0", settings.Threads: "0", settings.MultiPV: "65",
		settings.Objective: "win", settings.Multiplier: "11", settings.Setup: "20", settings.FreeFirstLap: "maybe"}
	root := newRootCmd(strings.NewReader(""), &strings.Builder{}, &strings.Builder{})
	seen := map[*settings.Setting]int{}
	for _, c := range append(root.Commands(), root) {
		for _, sub := range append(c.Commands(), c) {
			for _, fs := range []*pflag.FlagSet{sub.Flags(), sub.PersistentFlags()} {
				for s, v := range bad {
					f := fs.Lookup(s.FlagName())
					if f == nil || f.Value.Type() == "intSlice" || (s == settings.Hash && sub.Name() == "perft") {
						continue // bench's list of counts, perft's table (0: none)
					}
					seen[s]++
					if err := fs.Set(s.FlagName(), v); err == nil || !strings.Contains(err.Error(), "--"+s.FlagName()+" ") {
						t.Errorf("%s --%s %s: %v", sub.CommandPath(), s.FlagName(), v, err)
					}
				}
			}
		}
	}
	for s := range bad {
		if seen[s] == 0 {
			t.Errorf("no command declares --%s", s.FlagName())
		}
	}
	if seen[settings.Hash] < 9 {
		t.Errorf("--hash checked on %d commands", seen[settings.Hash])
	}
}
