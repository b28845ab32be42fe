// Tests of the exact labels: values equal to the solver's, the same file
// at any concurrency, unproven and excluded positions dropped and counted,
// bad input refused.

package datagen

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/record"
	"github.com/kiothi/kiothi/solve"
)

// smallFile returns a data file of n random play positions with 6 to 13
// warriors on the board (each solved in well under a second), as games of
// one record each with arbitrary labels.
func smallFile(t *testing.T, seed uint64, n int) ([]byte, []position.Position) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	var buf bytes.Buffer
	cfg := testConfig(1, 1)
	h := cfg.Header(testEngine)
	if err := record.WriteHeader(&buf, &h); err != nil {
		t.Fatal(err)
	}
	var ps []position.Position
	var recs []record.Record
	for len(ps) < n {
		p := testgame.RandomPlay(rng, 6+rng.IntN(8), 20)
		var list movegen.MoveList
		if movegen.Generate(&p, movegen.Rules{}, &list) == 0 {
			continue
		}
		ps = append(ps, p)
		recs = append(recs, record.Record{Pos: p, Score: rng.IntN(4001) - 2000, Margin: rng.IntN(41) - 20, Game: uint32(len(ps))})
	}
	buf.Write(record.AppendBlocks(nil, record.AppendRecords(nil, recs)))
	return buf.Bytes(), ps
}

func label(t *testing.T, file []byte, o ExactOptions) ([]record.Record, ExactStats) {
	t.Helper()
	var st ExactStats
	cands, err := CollectExact([]io.Reader{bytes.NewReader(file)}, &o, &st)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := LabelExact(context.Background(), cands, &o, &st, nil)
	if err != nil {
		t.Fatal(err)
	}
	return recs, st
}

// TestExactLabelsEqualSolve: every label is the value solve.Solve proves
// (fresh default table, no guess, no bound), as Score 100 v and Margin v,
// and every position in range is labelled once.
func TestExactLabelsEqualSolve(t *testing.T) {
	file, ps := smallFile(t, 1, 40)
	o := ExactOptions{Lo: 1, Hi: 63, Nodes: 1 << 40, Concurrency: 3}
	recs, st := label(t, file, o)
	distinct := map[uint64]bool{}
	for i := range ps {
		distinct[ps[i].KeyWithPrisons()] = true
	}
	if len(recs) != len(distinct) || st.Unproven != 0 || st.Read != len(ps) || st.Duplicate != len(ps)-len(distinct) {
		t.Fatalf("%d records of %d distinct positions, stats %+v", len(recs), len(distinct), st)
	}
	for _, r := range recs {
		want, err := solve.Solve(context.Background(), r.Pos, solve.Options{Objective: movegen.Margin})
		if err != nil || !want.Exact {
			t.Fatalf("%s: reference solve %+v %v", r.Pos, want, err)
		}
		if r.Score != 100*want.Value || r.Margin != want.Value || r.Proven || r.Random {
			t.Fatalf("%s: record %+v, solve says %d", r.Pos, r, want.Value)
		}
		if !distinct[r.Pos.KeyWithPrisons()] {
			t.Fatalf("%s: not a position of the file", r.Pos)
		}
	}
}

// TestExactReproducible: the same options give the same records at any
// concurrency, in the shuffle's order, N cutting it.
func TestExactReproducible(t *testing.T) {
	file, _ := smallFile(t, 2, 30)
	o := ExactOptions{Lo: 1, Hi: 63, N: 20, Seed: 9, Nodes: 1 << 40, Concurrency: 1}
	a, _ := label(t, file, o)
	o.Concurrency = 4
	b, _ := label(t, file, o)
	if len(a) != 20 || len(b) != len(a) {
		t.Fatalf("%d and %d records, want 20", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("record %d: %+v at concurrency 1, %+v at 4", i, a[i], b[i])
		}
	}
	o.Seed = 10
	c, _ := label(t, file, o)
	same := 0
	for i := range a {
		if a[i] == c[i] {
			same++
		}
	}
	if same == len(a) {
		t.Fatal("another seed picked the same positions in the same order")
	}
}

// TestExactDropsAndCounts: positions outside the range, excluded ones and
// those the node bound does not prove are dropped and counted.
func TestExactDropsAndCounts(t *testing.T) {
	file, ps := smallFile(t, 3, 30)
	o := ExactOptions{Lo: 8, Hi: 11, Nodes: 1 << 40, Concurrency: 2, Exclude: map[uint64]bool{}}
	in, ex := 0, 0
	for _, p := range ps {
		if bt := p.BoardTotal(); bt >= 8 && bt <= 11 {
			in++
			if in%3 == 0 && !o.Exclude[p.KeyWithPrisons()] {
				o.Exclude[p.KeyWithPrisons()] = true
			}
		}
	}
	for _, p := range ps {
		if bt := p.BoardTotal(); bt >= 8 && bt <= 11 && o.Exclude[p.KeyWithPrisons()] {
			ex++
		}
	}
	recs, st := label(t, file, o)
	if st.InRange != in || st.Excluded != ex || ex == 0 {
		t.Fatalf("stats %+v, want %d in range and %d excluded", st, in, ex)
	}
	for _, r := range recs {
		if bt := r.Pos.BoardTotal(); bt < 8 || bt > 11 || o.Exclude[r.Pos.KeyWithPrisons()] {
			t.Fatalf("record %s: out of range or excluded", r.Pos)
		}
	}
	o.Exclude, o.Nodes = nil, 1 // too few to prove any position that has a choice
	recs, st = label(t, file, o)
	if st.Unproven == 0 || st.Proven+st.Unproven != st.Tried || st.Tried != st.Candidates || len(recs) != st.Proven {
		t.Fatalf("with a bound of 1 node: %d records, stats %+v", len(recs), st)
	}
}

// TestExactCancelKeepsAPrefix: a run cancelled after 5 positions returns
// their records, its error, and counts only them.
func TestExactCancelKeepsAPrefix(t *testing.T) {
	file, _ := smallFile(t, 4, 20)
	o := ExactOptions{Lo: 1, Hi: 63, Nodes: 1 << 40, Concurrency: 1}
	var st ExactStats
	cands, err := CollectExact([]io.Reader{bytes.NewReader(file)}, &o, &st)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	recs, err := LabelExact(ctx, cands, &o, &st, func(s ExactStats) {
		if s.Tried == 5 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if st.Tried != 5 || len(recs) != st.Proven {
		t.Fatalf("%d records, stats %+v of %d candidates", len(recs), st, len(cands))
	}
	for i := range recs {
		if recs[i].Pos != cands[i].Pos {
			t.Fatalf("record %d is %s, candidate %d is %s", i, recs[i].Pos, i, cands[i].Pos)
		}
	}
}

// TestExactFile: the file round-trips with its header marked exact, a
// resume of it is refused, and bad options and input are refused with
// errors that name them.
func TestExactFile(t *testing.T) {
	file, _ := smallFile(t, 5, 5)
	o := ExactOptions{Lo: 1, Hi: 63, Nodes: 1 << 40, Concurrency: 1}
	recs, st := label(t, file, o)
	h := record.Header{Exact: &record.ExactHeader{Lo: 1, Hi: 63, Nodes: 1 << 40, Sources: []string{"a.bin"}, Tried: st.Tried}}
	var buf bytes.Buffer
	if err := WriteExact(&buf, &h, recs); err != nil {
		t.Fatal(err)
	}
	rd, err := record.NewReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if rd.Header.Exact == nil || rd.Header.Exact.Sources[0] != "a.bin" {
		t.Fatalf("header %+v", rd.Header)
	}
	got, err := record.ReadAll(bytes.NewReader(buf.Bytes()))
	if err != nil || len(got) != len(recs) || got[0] != recs[0] {
		t.Fatalf("read back %d records (%v), want %d", len(got), err, len(recs))
	}
	path := filepath.Join(t.TempDir(), "exact.bin")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(1, 1)
	gh := cfg.Header(testEngine)
	if _, _, err := OpenOutput(path, &gh, true); err == nil || !strings.Contains(err.Error(), "exact labels") {
		t.Fatalf("resume of an exact file: %v", err)
	}
	if err := WriteExact(&buf, &gh, recs); err == nil {
		t.Fatal("WriteExact accepted a header without Exact")
	}
	// A header without Exact still needs a setup of 30 or 25.
	var plain bytes.Buffer
	if err := record.WriteHeader(&plain, &record.Header{}); err != nil {
		t.Fatal(err)
	}
	if _, err := record.NewReader(&plain); err == nil || !strings.Contains(err.Error(), "setup 0") {
		t.Fatalf("a plain header with setup 0: %v", err)
	}
	if _, err := CollectExact([]io.Reader{strings.NewReader("not a data file")}, &o, &st); !errors.Is(err, record.ErrMagic) || !strings.Contains(err.Error(), "file 1") {
		t.Fatalf("not a data file: %v", err)
	}
	for _, c := range []struct {
		o    ExactOptions
		want string
	}{
		{ExactOptions{Lo: 0, Hi: 5, Nodes: 1, Concurrency: 1}, "warriors 0 to 5"},
		{ExactOptions{Lo: 9, Hi: 5, Nodes: 1, Concurrency: 1}, "warriors 9 to 5"},
		{ExactOptions{Lo: 1, Hi: 5, Nodes: 0, Concurrency: 1}, "solver nodes 0"},
		{ExactOptions{Lo: 1, Hi: 5, Nodes: 1, Concurrency: 0}, "concurrency 0"},
		{ExactOptions{Lo: 1, Hi: 5, N: -1, Nodes: 1, Concurrency: 1}, "positions -1"},
	} {
		if _, err := LabelExact(context.Background(), nil, &c.o, &st, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error naming %q", c.o, err, c.want)
		}
	}
}
