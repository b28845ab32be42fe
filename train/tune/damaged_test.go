// Tests of the trainers' reading of damaged and old data files: a bit
// flipped anywhere in a generated file is refused by tune and by the
// network trainer, naming the file and the block; a file of format 2
// still reads, counted as carrying no checksum.

package tune_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/record"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/train/nntrain"
	"github.com/kiothi/kiothi/train/tune"
)

// options keep every record that is not proven.
var options = tune.Options{Lambda: 0.5, MaxScore: 1 << 20, Loud: true}

// generated is a data file of three games written by datagen.
func generated(t *testing.T) []byte {
	t.Helper()
	cfg := datagen.Config{Games: 3, Seed: 11, Concurrency: 1, HashMB: 1, Setup: 30,
		Limits: search.Limits{Nodes: 300}, RandomPlies: 8, RandomProb: 0.2, MaxPlies: 200}
	h := cfg.Header(42)
	path := filepath.Join(t.TempDir(), "gen.bin")
	f, done, err := datagen.OpenOutput(path, &h, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := datagen.Run(context.Background(), cfg, f, done, nil); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestBitFlipRefused: each of many bits flipped alone in a generated file
// is refused by tune's and train's reading, the error naming the file and,
// past the header, the block.
func TestBitFlipRefused(t *testing.T) {
	data := generated(t)
	var st tune.Stats
	path := filepath.Join(t.TempDir(), "d.bin")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := tune.VisitFiles([]string{path}, options, &st, func(*record.Record, float64) {}); err != nil || st.Read == 0 || st.Unchecked != 0 {
		t.Fatalf("the file as written: %+v, %v", st, err)
	}
	rd, err := record.NewReader(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(12, 13))
	for i := 0; i < 120; i++ {
		bit := rng.IntN(8 * len(data))
		bad := append([]byte(nil), data...)
		bad[bit/8] ^= 1 << (bit % 8)
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		type result struct {
			who string
			err error
		}
		results := []result{{"tune", tune.VisitFiles([]string{path}, options, &tune.Stats{}, func(*record.Record, float64) {})}}
		if i%10 == 0 { // the trainer reads through the same code: a sample
			_, _, err := nntrain.LoadFiles([]string{path}, options, 0, &tune.Stats{})
			results = append(results, result{"train", err})
		}
		for _, r := range results {
			who, err := r.who, r.err
			switch {
			case err == nil:
				t.Fatalf("%s: bit %d (byte %d) flipped: accepted", who, bit, bit/8)
			case !strings.Contains(err.Error(), path):
				t.Fatalf("%s: bit %d: %v, want the file named", who, bit, err)
			case int64(bit/8) >= rd.Start && !strings.Contains(err.Error(), "block "):
				t.Fatalf("%s: bit %d (byte %d, past the header): %v, want the block named", who, bit, bit/8, err)
			}
		}
	}
}

// TestFormat2Reads: a file of format 2 (record/testdata/format2.bin, no
// checksums) is read whole, and counted as unchecked.
func TestFormat2Reads(t *testing.T) {
	name := filepath.Join("..", "..", "record", "testdata", "format2.bin")
	fi, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	var st tune.Stats
	n := 0
	if err := tune.VisitFiles([]string{name}, options, &st, func(*record.Record, float64) { n++ }); err != nil {
		t.Fatal(err)
	}
	rd, err := record.NewReader(mustOpen(t, name))
	if err != nil {
		t.Fatal(err)
	}
	if want := int(fi.Size()-rd.Start) / record.Size; st.Read != want || st.Unchecked != 1 || n != st.Kept || n == 0 {
		t.Fatalf("stats %+v, %d visited; want %d read, 1 unchecked", st, n, want)
	}
	if w := st.Warning(); !strings.Contains(w, "1 data file carries no checksum") {
		t.Errorf("warning %q", w)
	}
	st.Unchecked = 0
	if w := st.Warning(); w != "" {
		t.Errorf("warning %q with every file checksummed", w)
	}
}

func mustOpen(t *testing.T, name string) *os.File {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}
