// Tests of the file format: round trip, damaged files, rules, probe order
// and picking; fuzz targets for the loader and the shard spec.

package book

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// smallBook builds a tiny book with the fake engine and returns its bytes.
func smallBook(t testing.TB) []byte {
	t.Helper()
	dir := t.TempDir()
	cfg := Config{
		Out: filepath.Join(dir, "small.kbk"), Root: position.Start(30),
		Plies: 4, Positions: 10, Threads: 1,
		NewEngine: newFake(movegen.Rules{}, nil, nil),
	}
	if _, err := Build(t.Context(), cfg); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// reencode writes a decoded book back to bytes.
func reencode(b *Book) []byte {
	recs := make([]record, len(b.keys))
	for i := range recs {
		recs[i] = record{b.keys[i], b.entries[i]}
	}
	return encode(b.rules, b.roots, recs)
}

func TestRoundTrip(t *testing.T) {
	data := smallBook(t)
	b, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := reencode(b); string(got) != string(data) {
		t.Fatal("decode then encode changed the bytes")
	}
	// The tree rebuilt from the records writes the same book.
	if got := treeFromBook(b).encode(); string(got) != string(data) {
		t.Fatal("the tree rebuilt from the records writes a different book")
	}
	if b.Len() == 0 || len(b.Roots()) != 1 || b.Roots()[0] != position.Start(30) {
		t.Fatalf("book has %d records and roots %v", b.Len(), b.Roots())
	}
	if b.Variant() != (Variant{Setup: 30}) {
		t.Fatalf("rules %v, want setup 30 with the restriction", b.Variant())
	}
}

// withCRC fixes the CRC after an edit, so that the check under test is the
// one that fires.
func withCRC(data []byte) []byte {
	binary.LittleEndian.PutUint32(data[crcOffset:], fileCRC(data))
	return data
}

func TestDamagedFiles(t *testing.T) {
	good := smallBook(t)
	nroots := int(binary.LittleEndian.Uint32(good[16:]))
	rec0 := headerSize + rootSize*nroots // first record
	edit := func(f func(d []byte) []byte) []byte {
		d := append([]byte(nil), good...)
		return f(d)
	}
	cases := []struct {
		name, want string
		data       []byte
	}{
		{"empty", "truncated", nil},
		{"short header", "truncated", good[:20]},
		{"truncated records", "truncated", good[:len(good)-7]},
		{"missing last record", "truncated", good[:len(good)-recordSize]},
		{"trailing data", "trailing", append(append([]byte(nil), good...), 0)},
		{"magic", "not a Kiothi book", edit(func(d []byte) []byte { d[0] = 'X'; return d })},
		{"version", "format version 2", edit(func(d []byte) []byte { d[8] = 2; return d })},
		{"setup byte", "setup 26", edit(func(d []byte) []byte { d[10] = 26; return d })},
		{"rule flags", "unknown rule flags", edit(func(d []byte) []byte { d[11] = 6; return d })},
		{"key checksum", "Zobrist key table", edit(func(d []byte) []byte { d[13] ^= 1; return d })},
		{"flipped record byte", "corrupted", edit(func(d []byte) []byte { d[len(d)-3] ^= 0x10; return d })},
		{"flipped root byte", "corrupted", edit(func(d []byte) []byte { d[headerSize+5] ^= 1; return d })},
		{"setup vs root", "material of setup 30", edit(func(d []byte) []byte { d[10] = 25; return withCRC(d) })},
		{"move pit", "pit byte 25", edit(func(d []byte) []byte {
			d[rec0+8], d[rec0+9] = 25, 3
			clear(d[rec0+10 : rec0+30])
			return withCRC(d)
		})},
		{"move drops", "drops sum", edit(func(d []byte) []byte { d[rec0+8+2+4] += 1; return withCRC(d) })},
		{"move row", "not two pits of one row", edit(func(d []byte) []byte { d[rec0+9] = 15; return withCRC(d) })},
		{"value range", "beyond", edit(func(d []byte) []byte {
			binary.LittleEndian.PutUint16(d[rec0+30:], 9000)
			return withCRC(d)
		})},
		{"record flags", "unknown flags", edit(func(d []byte) []byte { d[rec0+35] = 4; return withCRC(d) })},
		{"order", "out of order", edit(func(d []byte) []byte {
			copy(d[rec0:rec0+recordSize], good[rec0+recordSize:rec0+2*recordSize])
			copy(d[rec0+recordSize:rec0+2*recordSize], good[rec0:rec0+recordSize])
			return withCRC(d)
		})},
		{"unreachable", "not reachable", edit(func(d []byte) []byte {
			last := len(d) - recordSize
			binary.LittleEndian.PutUint64(d[last:], ^uint64(0)) // a key no line reaches, still last
			return withCRC(d)
		})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode(c.data)
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q does not say %q", err, c.want)
			}
		})
	}
}

func TestIllegalMoveInTree(t *testing.T) {
	good := smallBook(t)
	b, err := Decode(good)
	if err != nil {
		t.Fatal(err)
	}
	// Make a well-formed record illegal where it stands: a play move at
	// the opening root.
	root := b.roots[0].KeyWithPrisons()
	lo, _ := b.span(root)
	b.entries[lo].Move = position.PlayMove(position.NewMove(5, 3))
	_, err = Decode(reencode(b))
	if err == nil || !strings.Contains(err.Error(), "illegal in") {
		t.Fatalf("illegal book move: got %v", err)
	}
}

func TestRulesRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "b.kbk")
	if err := os.WriteFile(path, smallBook(t), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenFor(path, Variant{Setup: 30}); err != nil {
		t.Fatal(err)
	}
	for _, r := range []Variant{{Setup: 25}, {Setup: 30, Rules: movegen.Rules{FreeFirstLap: true}}} {
		_, err := OpenFor(path, r)
		if err == nil || !strings.Contains(err.Error(), "built for setup 30, first-lap restriction") {
			t.Errorf("rules %v: got %v", r, err)
		}
	}
	if _, err := OpenFor(path, Variant{}); err != nil {
		t.Errorf("setup 0 (any) refused: %v", err)
	}
	if _, err := Open(filepath.Join(dir, "missing.kbk")); err == nil {
		t.Error("missing file opened")
	}
}

func TestProbeOrderAndPick(t *testing.T) {
	b, err := Decode(smallBook(t))
	if err != nil {
		t.Fatal(err)
	}
	root := position.Start(30)
	es := b.Probe(root)
	if len(es) < 2 {
		t.Fatalf("root has %d moves, want several", len(es))
	}
	for i := 1; i < len(es); i++ {
		if before(&es[i], &es[i-1]) {
			t.Fatalf("probe order: %+v before %+v", es[i-1], es[i])
		}
		if es[i].Value > es[i-1].Value {
			t.Fatalf("value %d after %d", es[i].Value, es[i-1].Value)
		}
	}
	if m, ok := b.Pick(root, nil, false); !ok || m != es[0].Move {
		t.Fatalf("Pick best = %v %v, want %v", m, ok, es[0].Move)
	}
	// Random picks follow the weights: a weight-0 move never comes, the
	// best comes most often.
	rng := rand.New(rand.NewPCG(1, 2))
	freq := map[position.GameMove]int{}
	for range 4000 {
		m, ok := b.Pick(root, rng, true)
		if !ok {
			t.Fatal("no random pick")
		}
		freq[m]++
	}
	total := 0
	for _, e := range es {
		total += e.Weight
	}
	for _, e := range es {
		got := float64(freq[e.Move]) / 4000
		want := float64(e.Weight) / float64(total)
		if e.Weight == 0 && freq[e.Move] > 0 {
			t.Errorf("weight-0 move %s picked %d times", e.Move, freq[e.Move])
		}
		if got < want-0.04 || got > want+0.04 {
			t.Errorf("move %s picked %.3f of the time, its weight share is %.3f", e.Move, got, want)
		}
	}
	// Not in the book: no entries, no pick.
	q, _ := position.Parse("0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3")
	if b.Probe(q) != nil {
		t.Error("probe of a position outside the book returned moves")
	}
	if _, ok := b.Pick(q, rng, true); ok {
		t.Error("pick outside the book returned a move")
	}
}

func TestShardParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Shard
		err  string
	}{
		{"1/1", Shard{1, 1}, ""},
		{"2/8", Shard{2, 8}, ""},
		{"8/8", Shard{8, 8}, ""},
		{"3/2", Shard{}, "i = 3, want 1..2"},
		{"0/2", Shard{}, "i = 0"},
		{"1/0", Shard{}, "n = 0"},
		{"-1/2", Shard{}, "i = -1"},
		{"+1/2", Shard{}, "whole numbers"},
		{"1/2/3", Shard{}, "whole numbers"},
		{"a/b", Shard{}, "whole numbers"},
		{"12", Shard{}, "want i/n"},
		{"", Shard{}, "want i/n"},
		{"1/99999999", Shard{}, "n = 99999999"},
	} {
		t.Run(c.in, func(t *testing.T) {
			got, err := ParseShard(c.in)
			if c.err == "" {
				if err != nil || got != c.want {
					t.Errorf("%q: got %v, %v; want %v", c.in, got, err, c.want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want one saying %q", c.in, err, c.err)
			}
		})
	}
}

func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"1/1", "2/8", "3/2", "0/0", "1/", "/1", "x/y", "1/65536", "1/65537", " 1/2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShard(s)
		if err != nil {
			return
		}
		if sh.I < 1 || sh.I > sh.N || sh.N > MaxShards {
			t.Fatalf("%q parsed to invalid %v", s, sh)
		}
		if again, err := ParseShard(sh.String()); err != nil || again != sh {
			t.Fatalf("%q: %v does not round-trip: %v %v", s, sh, again, err)
		}
	})
}

func FuzzDecode(f *testing.F) {
	good := smallBook(f)
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add(good[:headerSize])
	f.Add([]byte(Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Decode(data)
		if err != nil {
			return
		}
		// Whatever loads writes back to the same bytes, and probes safely.
		if string(reencode(b)) != string(data) {
			t.Fatal("a book that loads does not re-encode to itself")
		}
		for _, r := range b.Roots() {
			b.Probe(r)
			b.Pick(r, rand.New(rand.NewPCG(1, 1)), true)
		}
	})
}

func BenchmarkProbe(b *testing.B) {
	bk, err := Decode(smallBook(b))
	if err != nil {
		b.Fatal(err)
	}
	root := position.Start(30)
	b.ReportAllocs()
	for b.Loop() {
		bk.Probe(root)
	}
}

func BenchmarkDecode(b *testing.B) {
	data := smallBook(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

func TestPlayer(t *testing.T) {
	b, err := Decode(smallBook(t))
	if err != nil {
		t.Fatal(err)
	}
	root := position.Start(30)
	best := NewPlayer(b, false, 1)
	if m, ok := best.Probe(root, nil, movegen.Rules{}); !ok || m != b.Probe(root)[0].Move {
		t.Fatalf("best player: %v %v", m, ok)
	}
	// Seeded random players repeat themselves, and vary their moves.
	draw := func(seed uint64) []position.GameMove {
		p := NewPlayer(b, true, seed)
		var ms []position.GameMove
		for range 50 {
			m, ok := p.Probe(root, nil, movegen.Rules{})
			if !ok {
				t.Fatal("random player out of book at the root")
			}
			ms = append(ms, m)
		}
		return ms
	}
	a, a2 := draw(7), draw(7)
	distinct := map[position.GameMove]bool{}
	for i := range a {
		if a[i] != a2[i] {
			t.Fatal("same seed, different moves")
		}
		distinct[a[i]] = true
	}
	if len(distinct) < 2 {
		t.Errorf("50 random picks gave %d distinct moves", len(distinct))
	}
	q, _ := position.Parse("0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3")
	if _, ok := best.Probe(q, nil, movegen.Rules{}); ok {
		t.Error("move outside the book")
	}
	if _, ok := best.Move(root, movegen.Rules{FreeFirstLap: true}); ok {
		t.Error("a book move for a game of other rules")
	}
	// A move illegal at the root (as a key collision could store) is
	// never played: the root falls out of book.
	bad, _ := position.ParseOpeningMove("IJ:A10") // North's pits: illegal for South
	lo, hi := b.span(root.KeyWithPrisons())
	for i := lo; i < hi; i++ {
		b.entries[i].Move = position.Redistribute(bad)
	}
	if e, ok := best.Move(root, movegen.Rules{}); ok {
		t.Errorf("illegal book move %s played", e.Move)
	}
}
