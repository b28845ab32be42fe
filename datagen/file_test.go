// Tests of the data file: the lock against a second writer, the header
// that refuses a resume with other settings, files of format 1.

package datagen

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/record"
)

// TestSecondWriterRefused: two writers of one file at once, as two
// datagen runs with --resume: one gets the file, the other a clear error,
// and the file holds each game once.
func TestSecondWriterRefused(t *testing.T) {
	cfg := testConfig(4, 1)
	h := cfg.Header(testEngine)
	path := filepath.Join(t.TempDir(), "d.bin")
	var wg, tried sync.WaitGroup
	errs := make([]error, 2)
	start := make(chan struct{})
	for i := range errs {
		wg.Add(1)
		tried.Add(1)
		go func() {
			defer wg.Done()
			<-start
			f, done, err := OpenOutput(path, &h, true)
			tried.Done()
			if err != nil {
				errs[i] = err
				return
			}
			defer f.Close()
			tried.Wait() // both writers at once: the other tried meanwhile
			_, errs[i] = Run(context.Background(), cfg, f, done, nil)
		}()
	}
	close(start)
	wg.Wait()
	refused := 0
	for _, err := range errs {
		if err != nil {
			refused++
			if !strings.Contains(err.Error(), "being written by another datagen") || !strings.Contains(err.Error(), path) {
				t.Errorf("error %q, want one naming the file and the other writer", err)
			}
		}
	}
	if refused != 1 {
		t.Fatalf("%d of two concurrent writers refused, want 1: %v", refused, errs)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, want := byGame(t, data), byGame(t, generate(t, cfg))
	if len(got) != len(want) {
		t.Fatalf("%d games, want %d", len(got), len(want))
	}
	for k, g := range want {
		if len(got[k]) != len(g) {
			t.Fatalf("game %d: %d positions, want %d", k, len(got[k]), len(g))
		}
	}
	// A new file is locked from its creation: a resume of it meanwhile is
	// refused, and allowed once it is closed.
	path2 := filepath.Join(t.TempDir(), "e.bin")
	f, _, err := OpenOutput(path2, &h, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := OpenOutput(path2, &h, true); err == nil || !strings.Contains(err.Error(), "another datagen") {
		t.Fatalf("resume of a file being written: %v, want a refusal", err)
	}
	f.Close()
	f, _, err = OpenOutput(path2, &h, true)
	if err != nil {
		t.Fatalf("resume after the writer closed: %v", err)
	}
	f.Close()
}

// TestResumeOtherSettings: a resume whose settings differ from the file's
// is refused, naming each setting, and the file is left as it was.
func TestResumeOtherSettings(t *testing.T) {
	cfg := testConfig(2, 1)
	data := generate(t, cfg)
	path := filepath.Join(t.TempDir(), "d.bin")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	other := cfg
	other.Seed = 8
	other.Limits.Nodes = 100
	other.Starts = append(other.Starts, mustStart(t))
	h := other.Header(testEngine)
	_, _, err := OpenOutput(path, &h, true)
	if err == nil {
		t.Fatal("a resume with another seed was accepted")
	}
	for _, want := range []string{"--seed 7 in the file, 8 now", "--nodes 300 in the file, 100 now", "--starts none in the file, 1 turn-3 positions"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	for _, s := range []string{"--hash", "--setup", "--max-plies"} {
		if strings.Contains(err.Error(), s) {
			t.Errorf("error %q names %s, which did not change", err, s)
		}
	}
	h = cfg.Header(testEngine + 1)
	if _, _, err := OpenOutput(path, &h, true); err == nil || !strings.Contains(err.Error(), "engine (build fingerprint nodes) 42 in the file, 43 now") {
		t.Errorf("resume by another build: %v", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
		t.Error("a refused resume changed the file")
	}
}

// TestOldFormats: files of format 1 (no header) and 2 (no checksums)
// are read, and a resume of either is refused with the reason.
func TestOldFormats(t *testing.T) {
	cfg := testConfig(2, 1)
	h := cfg.Header(testEngine)
	data := generate(t, cfg)
	want, err := record.ReadAll(bytes.NewReader(data))
	if err != nil || len(want) == 0 {
		t.Fatalf("format %d: %d records, %v", record.Version, len(want), err)
	}
	js, err := json.Marshal(&h)
	if err != nil {
		t.Fatal(err)
	}
	v2 := binary.LittleEndian.AppendUint32([]byte(record.MagicV2), uint32(len(js)))
	v2 = record.AppendRecords(append(v2, js...), want)
	for _, c := range []struct {
		format int
		data   []byte
	}{
		{1, record.AppendRecords([]byte(record.MagicV1), want)},
		{2, v2},
	} {
		rd, err := record.NewReader(bytes.NewReader(c.data))
		if err != nil || rd.Version != c.format || rd.Checksummed() {
			t.Fatalf("format %d: read as format %+v, %v", c.format, rd, err)
		}
		recs, err := record.ReadAll(bytes.NewReader(c.data))
		if err != nil || !reflect.DeepEqual(recs, want) {
			t.Fatalf("format %d: %d records, want %d; %v", c.format, len(recs), len(want), err)
		}
		path := filepath.Join(t.TempDir(), "d.bin")
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := OpenOutput(path, &h, true); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("format %d", c.format)) {
			t.Fatalf("resume of a format %d file: %v, want a refusal naming the format", c.format, err)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, c.data) {
			t.Errorf("a refused resume of a format %d file changed it", c.format)
		}
	}
}

// mustStart is a turn-3 position.
func mustStart(t *testing.T) position.Position {
	t.Helper()
	p, err := position.Parse("0.0.0.0.5*.5*.5*.5*.5*.5*/0.0.0.0.5*.5*.5*.5*.5*.5* 0-0 s 3")
	if err != nil {
		t.Fatal(err)
	}
	return p
}
