// Tests of train's input and output: a network file a match can load,
// progress and held-out lines, and clear errors for bad flags and data.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/eval/nn"
)

// TestTrainWritesANetwork: train on two small data files writes a network
// file that reads back with the provenance of the run, after a progress
// line each epoch.
func TestTrainWritesANetwork(t *testing.T) {
	_, files := tuneData(t)
	out := filepath.Join(t.TempDir(), "n.knn")
	stdout, _, err := runCLI(t, "train", "--data", strings.Join(files, ","), "--holdout", "2", "--epochs", "2", "--out", out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"positions ", "epoch 1/2: RMSE train ", "epoch 2/2: ", "linear evaluation ", "quantised: scales "} {
		if !strings.Contains(stdout, want) {
			t.Fatalf("output lacks %q: %q", want, stdout)
		}
	}
	q, err := nn.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(q.Provenance, "kiothi train --lambda 0.5 ") || !strings.Contains(q.Provenance, "--epochs 2") {
		t.Fatalf("provenance %q", q.Provenance)
	}
}

func TestTrainRefuses(t *testing.T) {
	_, files := tuneData(t)
	notData := filepath.Join(t.TempDir(), "x.bin")
	if err := os.WriteFile(notData, []byte("not a data file"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "n.knn")
	errorSays(t, []string{"train", "--out", out}, "--data: at least one")
	errorSays(t, []string{"train", "--data", files[0]}, "--out: the network file")
	errorSays(t, []string{"train", "--data", files[0], "--out", out, "--epochs", "0"}, "--epochs 0")
	errorSays(t, []string{"train", "--data", files[0], "--out", out, "--rate", "0"}, "--rate 0")
	errorSays(t, []string{"train", "--data", files[0], "--out", out, "--holdout", "1"}, "--holdout 1")
	errorSays(t, []string{"train", "--data", notData, "--out", out}, notData)
	errorSays(t, []string{"train", "--data", files[0], "--out", filepath.Join(files[1], "n.knn")}, "--out: cannot write")
}
