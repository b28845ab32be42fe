// Tests of the spsa command: flag and state refusals, a short run, the
// same run through workers, and a finished state resumed.

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/spsa"
)

func TestSPSAFlagErrors(t *testing.T) {
	ops := "../../testdata/openings.txt"
	state := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(state, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"spsa"}, "--openings FILE is required"},
		{[]string{"spsa", "--openings", "nosuch.txt"}, "--openings: open nosuch.txt"},
		{[]string{"spsa", "--openings", ops, "--params", "rfpMargin,nosuch"}, `--params: unknown search param "nosuch"`},
		{[]string{"spsa", "--openings", ops, "--params", "qsRelays"}, "qsRelays is a switch"},
		{[]string{"spsa", "--openings", ops, "--iterations", "0"}, "--iterations 0: must be from 1 to 100000"},
		{[]string{"spsa", "--openings", ops, "--pairs", "0"}, "--pairs 0: must be from 1"},
		{[]string{"spsa", "--openings", ops, "--concurrency", "0"}, "--concurrency 0"},
		{[]string{"spsa", "--openings", ops, "--rate", "-0.01"}, "--rate -0.01: want above 0, at most 1"},
		{[]string{"spsa", "--openings", ops, "--rate", "1.5"}, "--rate 1.5: want above 0"},
		{[]string{"spsa", "--openings", ops, "--rate", "NaN"}, "--rate NaN: want above 0"},
		{[]string{"spsa", "--openings", ops, "--player-limits", "nodes=0"}, "--player-limits: player"},
		{[]string{"spsa", "--openings", ops, "--player-limits", "nodes=100,param.rfpDepth=2"}, "--player-limits: no param.NAME"},
		{[]string{"spsa", "--openings", ops, "--resume"}, "--resume needs --state"},
		{[]string{"spsa", "--openings", ops, "--state", state}, "exists: give --resume"},
		{[]string{"spsa", "--openings", ops, "--state", state, "--resume"}, "not an spsa state file"},
		{[]string{"spsa", "--openings", ops, "--run-id", strings.Repeat("r", 64), "--workers", "1"}, "--run-id"},
	} {
		_, _, err := runCLI(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one with %q", caseName(c.args), err, c.want)
		}
	}
}

// A short run writes its state and prints the tuned spec; the same run
// through in-process workers prints the same (node limits: the games do
// not depend on the machine); the finished state resumed prints it again,
// and a resume with other settings is refused naming them.
func TestSPSARunAndResume(t *testing.T) {
	dir := t.TempDir()
	args := func(state string, more ...string) []string {
		return append([]string{"spsa", "--openings", "../../testdata/openings.txt", "--player-limits", "nodes=300,hash=1",
			"--iterations", "2", "--pairs", "1", "--params", "rfpMargin,lmrDiv", "--max-plies", "60", "--state", state}, more...)
	}
	local := filepath.Join(dir, "local.json")
	out, _, err := runCLI(t, args(local)...)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(lastLine(out), "tuned after 2 iterations: engine:param.rfpMargin=") || !strings.Contains(lastLine(out), ",param.lmrDiv=") {
		t.Fatalf("last line %q", lastLine(out))
	}
	remote := filepath.Join(dir, "remote.json")
	wout, _, err := runCLI(t, args(remote, "--workers", "2")...)
	if err != nil {
		t.Fatal(err)
	}
	if wout != out {
		t.Errorf("through workers:\n%s\nlocal:\n%s", wout, out)
	}
	a, _ := os.ReadFile(local)
	b, _ := os.ReadFile(remote)
	if string(a) != string(b) {
		t.Error("the state files of the local run and the run through workers differ")
	}
	rout, _, err := runCLI(t, args(local, "--resume")...)
	if err != nil || rout != out {
		t.Errorf("finished state resumed: %v\n%s\nwant\n%s", err, rout, out)
	}
	_, _, err = runCLI(t, append(args(local, "--resume"), "--seed", "2")...)
	if err == nil || !strings.Contains(err.Error(), "its seed is 1, not 2") {
		t.Errorf("resume with another seed: %v", err)
	}
	_, _, err = runCLI(t, append(args(local, "--resume"), "--pairs", "2")...)
	if err == nil || !strings.Contains(err.Error(), "it was made with pairs=1, not pairs=2") {
		t.Errorf("resume with other pairs: %v", err)
	}
}

// --rate sets every knob's learning rate in the run's state (the default
// keeps the table's), and a resume with another rate is refused naming
// the knob.
func TestSPSARate(t *testing.T) {
	dir := t.TempDir()
	args := func(state string, more ...string) []string {
		return append([]string{"spsa", "--openings", "../../testdata/openings.txt", "--player-limits", "nodes=300,hash=1",
			"--iterations", "1", "--pairs", "1", "--params", "rfpMargin,lmrDiv", "--max-plies", "60", "--state", state}, more...)
	}
	for _, c := range []struct {
		more []string
		want float64
	}{{nil, 0.002}, {[]string{"--rate", "0.02"}, 0.02}} {
		state := filepath.Join(dir, fmt.Sprintf("s%d.json", len(c.more)))
		if _, _, err := runCLI(t, args(state, c.more...)...); err != nil {
			t.Fatal(err)
		}
		s, err := spsa.LoadState(state)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range s.Config.Knobs {
			if k.R != c.want {
				t.Errorf("%v: knob %s has R %v, want %v", c.more, k.Name, k.R, c.want)
			}
		}
		if c.more == nil {
			_, _, err := runCLI(t, args(state, "--resume", "--rate", "0.02")...)
			if err == nil || !strings.Contains(err.Error(), "its knob rfpMargin is") {
				t.Errorf("resume with another rate: %v", err)
			}
		}
	}
}
