// Tests of the egdb command run in-process, and of the solve and analyse
// commands reading its file.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEgdbCommand(t *testing.T) {
	dir := t.TempDir()
	small, big := filepath.Join(dir, "e4.kdb"), filepath.Join(dir, "e6.kdb")
	if _, errOut, err := runCLI(t, "egdb", "build", "--max", "4", "--out", small); err != nil || !strings.Contains(errOut, "layer  4: 8855 entries, 8855 known") {
		t.Fatalf("build: %v\n%s", err, errOut)
	}
	if _, errOut, err := runCLI(t, "egdb", "build", "--from", small, "--max", "6", "--out", big); err != nil ||
		!strings.Contains(errOut, "layers 0 to 4 from") || strings.Contains(errOut, "layer  4:") || !strings.Contains(errOut, "layer  6: 177100 entries") {
		t.Fatalf("build --from: %v\n%s", err, errOut)
	}
	out, _, err := runCLI(t, "egdb", "info", big)
	if err != nil || !strings.Contains(out, "rules standard, layers 0 to 6, 230230 entries") {
		t.Fatalf("info: %v\n%s", err, out)
	}
	// Without a file: what auto reads, here the built-in database (no
	// kiothi.egdb beside the test binary).
	out, _, err = runCLI(t, "egdb", "info")
	if err != nil || !strings.Contains(out, "auto: the built-in database") || !strings.Contains(out, "layers 0 to 10,") {
		t.Fatalf("info without a file: %v\n%s", err, out)
	}
	out, _, err = runCLI(t, "egdb", "verify", big, "--positions", "20")
	if err != nil || lastLine(out) != "verified 20 positions: every value agrees with kiothi solve" {
		t.Fatalf("verify: %v\n%s", err, out)
	}
	// The database ends solve's and analyse's searches with the same values.
	pos := "0.1.1.0.0.0.0.0.0.2/0.0.1.0.2.0.0.0.1.0 20-12 s 30"
	plain, _, err := runCLI(t, "solve", pos)
	if err != nil {
		t.Fatal(err)
	}
	withDB, _, err := runCLI(t, "solve", pos, "--egdb", big)
	if err != nil || strings.Fields(lastLine(withDB))[1] != strings.Fields(lastLine(plain))[1] {
		t.Fatalf("solve --egdb: %q, without %q (%v)", lastLine(withDB), lastLine(plain), err)
	}
	if out, _, err := runCLI(t, "analyse", pos, "--depth", "3", "--egdb", big); err != nil || !strings.HasPrefix(lastLine(out), "bestmove ") {
		t.Fatalf("analyse --egdb: %v\n%s", err, out)
	}
}

func TestEgdbCommandErrors(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.kdb")
	if err := os.WriteFile(junk, []byte("not a database"), 0o644); err != nil {
		t.Fatal(err)
	}
	free := filepath.Join(dir, "free.kdb")
	if _, _, err := runCLI(t, "--free-first-lap", "egdb", "build", "--max", "3", "--out", free); err != nil {
		t.Fatal(err)
	}
	pos := "0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"egdb", "build", "--max", "17", "--out", filepath.Join(dir, "x")}, "--max 17: must be from 0 to 16"},
		{[]string{"egdb", "build", "--max", "3"}, "--out"},
		{[]string{"egdb", "build", "--max", "3", "--out", filepath.Join(dir, "no", "such", "x")}, "no such"},
		{[]string{"egdb", "build", "--max", "4", "--from", junk, "--out", filepath.Join(dir, "x")}, "--from: "},
		{[]string{"egdb", "info", junk}, "not an endgame database"},
		{[]string{"egdb", "verify", junk}, "not an endgame database"},
		{[]string{"egdb", "verify", free, "--positions", "0"}, "--positions 0"},
		{[]string{"solve", pos, "--egdb", junk}, "--egdb: "},
		{[]string{"solve", pos, "--egdb", free}, "built for other rules"},
		{[]string{"solve", pos, "--egdb", free, "--objective", "match"}, "margin values"},
		{[]string{"analyse", pos, "--egdb", junk, "--depth", "2"}, "--egdb: "},
	} {
		t.Run(caseName(c.args), func(t *testing.T) {
			if _, _, err := runCLI(t, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
		})
	}
}

// egdb verify --sample checks that many seeded entries of each layer
// (what make egdb runs after a build) and says so; a negative count is
// refused.
func TestEgdbVerifySample(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e5.kdb")
	if _, _, err := runCLI(t, "egdb", "build", "--max", "5", "--out", path); err != nil {
		t.Fatal(err)
	}
	out, _, err := runCLI(t, "egdb", "verify", path, "--sample", "1000", "--positions", "5")
	if err != nil || !strings.Contains(out, "values: 1000 entries a layer checked") || lastLine(out) != "verified 5 positions: every value agrees with kiothi solve" {
		t.Errorf("verify --sample: %v\n%s", err, out)
	}
	if _, _, err := runCLI(t, "egdb", "verify", path, "--sample", "-1"); err == nil || !strings.Contains(err.Error(), "--sample -1") {
		t.Errorf("--sample -1: %v", err)
	}
}
