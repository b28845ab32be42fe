// Tests of the version a build reports, and of make build's stamp.

package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestMakeBuildStamps: make build passes the commit to the linker, so a
// binary built with -buildvcs=false (as GOFLAGS may ask) still names it.
func TestMakeBuildStamps(t *testing.T) {
	head, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		t.Skipf("no git checkout: %v", err)
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	out, err := exec.Command("make", "-n", "-C", "../..", "build").CombinedOutput()
	if err != nil {
		t.Fatalf("make -n build: %v\n%s", err, out)
	}
	want := "-X main.stampedCommit=" + strings.TrimSpace(string(head))
	if !strings.Contains(string(out), want) {
		t.Errorf("make -n build does not stamp the commit (%s):\n%s", want, out)
	}
}
