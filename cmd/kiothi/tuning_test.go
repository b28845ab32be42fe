// Tests of the datagen and tune commands, in-process: a small run end to
// end, resume, and flag errors.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/record"
)

// TestDatagenThenTune: games written, a second run refuses to overwrite
// them, --resume completes a larger count, and tune fits them into JSON
// weights that read back.
func TestDatagenThenTune(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.bin")
	args := []string{"datagen", "--out", data, "--games", "4", "--nodes", "300", "--hash", "1", "--concurrency", "2"}
	out, _, err := runCLI(t, args...)
	if err != nil || !strings.Contains(out, "games 4 of 4") {
		t.Fatalf("datagen: %q %v", out, err)
	}
	errorSays(t, args, "exists", "--resume")
	errorSays(t, append(args, "--seed", "6", "--nodes", "100", "--resume"),
		"--seed 1 in the file, 6 now", "--nodes 300 in the file, 100 now")
	args[4] = "6"
	out, _, err = runCLI(t, append(args, "--resume")...)
	if err != nil || !strings.Contains(out, "games 6 of 6 (3 from before)") {
		t.Fatalf("datagen --resume: %q %v", out, err)
	}
	f, err := os.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := record.ReadAll(f)
	f.Close()
	games := map[uint32]bool{}
	for _, r := range recs {
		games[r.Game] = true
	}
	if err != nil || len(games) != 6 {
		t.Fatalf("%d games in the file, %v", len(games), err)
	}
	w := filepath.Join(dir, "w.json")
	out, _, err = runCLI(t, "tune", "--data", data, "--holdout", "0", "--out", w)
	if err != nil || !strings.Contains(out, "RMSE train") {
		t.Fatalf("tune: %q %v", out, err)
	}
	f, err = os.Open(w)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	weights, err := eval.ReadJSON(f)
	if err != nil || !strings.Contains(weights.Provenance, "kiothi tune --lambda 0.9 --ridge 100") {
		t.Fatalf("weights: %v, provenance %q", err, weights.Provenance)
	}
}

func TestDatagenTuneFlagErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.bin")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"datagen", "--games", "1"}, "--out"},
		{[]string{"datagen", "--out", out, "--games", "0"}, "--games 0: must be from 1"},
		{[]string{"datagen", "--out", out, "--concurrency", "999"}, "--concurrency 999: must be from 1 to 256"},
		{[]string{"datagen", "--out", out, "--nodes", "0", "--depth", "0"}, "--depth 0"},
		{[]string{"datagen", "--out", out, "--setup", "20"}, "--setup 20"},
		{[]string{"datagen", "--out", out, "--random-prob", "1.5"}, "--random-prob"},
		{[]string{"tune"}, "--data"},
		{[]string{"tune", "--data", out, "--lambda", "2"}, "--lambda 2"},
		{[]string{"tune", "--data", out, "--ridge", "0"}, "--ridge 0"},
		{[]string{"tune", "--data", filepath.Join(t.TempDir(), "none.bin")}, "--data"},
	} {
		t.Run(caseName(c.args), func(t *testing.T) {
			errorSays(t, c.args, c.want)
		})
	}
}
