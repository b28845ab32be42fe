// Tests of datagen exact: a file of exact labels that train reads, the
// counts it prints, and its refusals; train's --exclude.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/record"
)

// TestDatagenExact: positions of a data file labelled into a file marked
// exact, which train reads; bad flags and files are refused by name.
func TestDatagenExact(t *testing.T) {
	_, files := tuneData(t)
	out := filepath.Join(t.TempDir(), "e.bin")
	set := filepath.Join("..", "..", "testdata", "accuracy-27-32.txt")
	stdout, _, err := runCLI(t, "datagen", "exact", "--data", files[0], "--out", out, "--lo", "1", "--hi", "12",
		"--n", "6", "--nodes", "50000000", "--concurrency", "2", "--exclude", set)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"with 1 to 12 warriors on the board", "0 excluded; 6 to label", "exact records (6 tried, 0 not proven", ": done"} {
		if !strings.Contains(stdout, want) {
			t.Fatalf("output lacks %q: %q", want, stdout)
		}
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := record.NewReader(f)
	f.Close()
	if err != nil || rd.Header.Exact == nil || rd.Header.Exact.Tried != 6 || rd.Header.Exact.Sources[0] != "d1.bin" {
		t.Fatalf("header %+v: %v", rd.Header, err)
	}
	knn := filepath.Join(t.TempDir(), "n.knn")
	stdout, _, err = runCLI(t, "train", "--data", out+","+files[1], "--holdout", "0", "--epochs", "1", "--out", knn, "--exclude", set)
	if err != nil || !strings.Contains(stdout, "0 of --exclude") {
		t.Fatalf("train on exact labels: %v\n%s", err, stdout)
	}
	errorSays(t, []string{"datagen", "exact", "--data", files[0], "--out", out + "2", "--nodes", "0"}, "--nodes 0")
	errorSays(t, []string{"datagen", "exact", "--out", out + "2"}, "--data: at least one")
	errorSays(t, []string{"datagen", "exact", "--data", files[0]}, "--out: a file name")
	errorSays(t, []string{"datagen", "exact", "--data", files[0], "--out", out + "2", "--lo", "30", "--hi", "20"}, "warriors 30 to 20")
	errorSays(t, []string{"datagen", "exact", "--data", files[0], "--out", out + "2", "--exclude", files[1]}, "--exclude: "+files[1])
	errorSays(t, []string{"datagen", "exact", "--data", set, "--out", out + "2"}, "--data: file 1: not a kiothi datagen file")
	errorSays(t, []string{"train", "--data", files[0], "--out", knn, "--exclude", "nothere.txt"}, "--exclude: open nothere.txt")
}
