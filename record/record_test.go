// Tests of the record format: records and headers round trip, bytes
// that are neither are an error, never a panic, a damaged file is refused
// and files of format 2 still read.

package record

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/internal/testgame"
	"github.com/kiothi/kiothi/position"
)

// testHeader is the header of a run of games.
func testHeader() Header {
	return Header{Seed: 7, Nodes: 300, HashMB: 1, Setup: 30, RandomPlies: 8, RandomProb: 0.2, MaxPlies: 200, Engine: 42}
}

// TestRecordRoundTrip: every field survives Encode and Decode.
func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	last, err := position.Parse("0.0.0.0.0.0.0.0.0.1*/0.0.0.0.0.0.0.0.0.0 31-31 n 65535")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5000; i++ {
		p := testgame.RandomPlay(rng, rng.IntN(60), position.MaxTotal)
		if i == 0 {
			p = last // the largest turn
		}
		r := Record{Pos: p, Depth: rng.IntN(64), Score: rng.IntN(60001) - 30000, Proven: rng.IntN(2) == 0,
			Random: rng.IntN(2) == 0, Margin: rng.IntN(127) - 63, Game: rng.Uint32()}
		var b [Size]byte
		r.Encode(b[:])
		got, err := Decode(b[:])
		if err != nil {
			t.Fatalf("%+v: %v", r, err)
		}
		if got != r {
			t.Fatalf("round trip\n got %+v\nwant %+v", got, r)
		}
	}
}

// TestDecodeRejects: bytes that are no position are an error naming the
// field.
func TestDecodeRejects(t *testing.T) {
	var good [Size]byte
	r := Record{Pos: position.Start(30), Depth: 3}
	r.Pos, _ = position.Parse("0.0.0.0.5*.5*.5*.5*.5*.5*/0.0.0.0.5*.5*.5*.5*.5*.5* 0-0 s 3")
	r.Encode(good[:])
	for name, mutate := range map[string]func(b []byte){
		"bit 6 in a pit": func(b []byte) { b[4] |= 0x40 },
		"too many":       func(b []byte) { b[0] = 30 },
		"opening turn":   func(b []byte) { b[22], b[23] = 2, 0 },
		"empty nki":      func(b []byte) { b[0] = 0x80 },
		"prison range":   func(b []byte) { b[21] = 0xff },
		"short":          nil,
	} {
		t.Run(name, func(t *testing.T) {
			b := good
			in := b[:]
			if mutate == nil {
				in = in[:10]
			} else {
				mutate(in)
			}
			if _, err := Decode(in); err == nil {
				t.Fatal("accepted")
			}
		})
	}
}

// FuzzDecode: any bytes decode to a valid record or an error, and a
// decoded record encodes back to the same bytes.
func FuzzDecode(f *testing.F) {
	var b [Size]byte
	r := Record{Depth: 5, Score: -120, Margin: 4, Game: 9}
	r.Pos, _ = position.Parse("0.0.0.0.5*.5*.5*.5*.5*.5*/0.0.0.0.5*.5*.5*.5*.5*.5* 0-0 n 3")
	r.Encode(b[:])
	f.Add(b[:])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, in []byte) {
		rec, err := Decode(in)
		if err != nil {
			return
		}
		var out [Size]byte
		rec.Encode(out[:])
		if !bytes.Equal(out[:], in[:Size]) {
			t.Fatalf("%x decodes to %+v, which encodes to %x", in[:Size], rec, out)
		}
	})
}

// TestHeaderRejects: a header that is cut short, too long, or holds
// unknown fields is an error, never a panic.
func TestHeaderRejects(t *testing.T) {
	h := testHeader()
	var good bytes.Buffer
	if err := WriteHeader(&good, &h); err != nil {
		t.Fatal(err)
	}
	g := good.Bytes()
	for name, in := range map[string][]byte{
		"cut":     g[:len(g)-3],
		"no size": []byte(Magic),
		"huge":    append([]byte(Magic), 0xff, 0xff, 0xff, 0xff),
		"unknown": append(append([]byte(Magic), 10, 0, 0, 0), `{"what":1}`...),
		"setup":   append(append([]byte(Magic), 12, 0, 0, 0), `{"setup":20}`...),
		"text":    []byte("hello, world"),
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := NewReader(bytes.NewReader(in)); err == nil {
				t.Fatal("accepted")
			}
		})
	}
	rd, err := NewReader(bytes.NewReader(g))
	if err != nil {
		t.Fatal(err)
	}
	if *rd.Header != h || rd.Start != int64(len(g)) {
		t.Fatalf("read back %+v at %d, want %+v at %d", *rd.Header, rd.Start, h, len(g))
	}
}

// FuzzHeader: any bytes are a data file's start or an error, and a
// header read back writes the same bytes.
func FuzzHeader(f *testing.F) {
	h := testHeader()
	var good bytes.Buffer
	if err := WriteHeader(&good, &h); err != nil {
		f.Fatal(err)
	}
	f.Add(good.Bytes())
	f.Add([]byte(MagicV1))
	var exact bytes.Buffer
	if err := WriteHeader(&exact, &Header{Exact: &ExactHeader{Lo: 12, Hi: 26, Nodes: 5, Sources: []string{"d1.bin"}}}); err != nil {
		f.Fatal(err)
	}
	f.Add(exact.Bytes())
	f.Fuzz(func(t *testing.T, in []byte) {
		rd, err := NewReader(bytes.NewReader(in))
		if err != nil || rd.Header == nil {
			return
		}
		var out bytes.Buffer
		if err := WriteHeader(&out, rd.Header); err != nil {
			t.Fatal(err)
		}
		back, err := NewReader(&out)
		if err != nil || !reflect.DeepEqual(back.Header, rd.Header) {
			t.Fatalf("%+v does not read back: %+v, %v", *rd.Header, back, err)
		}
	})
}

// readFixture reads testdata/format2.bin, a file of format 2 (no
// checksums) written by kiothi datagen at c7c08f6 (--games 3 --seed 5
// --nodes 300 --hash 1).
func readFixture(t *testing.T) (*Header, []Record) {
	t.Helper()
	data, err := os.ReadFile("testdata/format2.bin")
	if err != nil {
		t.Fatal(err)
	}
	rd, err := NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if rd.Version != 2 || rd.Checksummed() || rd.Header == nil || rd.Header.Seed != 5 || rd.Header.Nodes != 300 {
		t.Fatalf("format %d, checksummed %v, header %+v", rd.Version, rd.Checksummed(), rd.Header)
	}
	recs, err := ReadAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if want := (len(data) - int(rd.Start)) / Size; len(recs) != want || (len(data)-int(rd.Start))%Size != 0 {
		t.Fatalf("%d records, want %d", len(recs), want)
	}
	games := map[uint32]bool{}
	for _, r := range recs {
		games[r.Game] = true
	}
	if len(games) != 3 || !games[0] || !games[1] || !games[2] {
		t.Fatalf("games %v, want 0, 1, 2", games)
	}
	return rd.Header, recs
}

// checksummed writes h and recs in this build's format, each game's
// records in blocks of their own as datagen writes them.
func checksummed(t *testing.T, h *Header, recs []Record) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteHeader(&buf, h); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	for i := 0; i < len(recs); {
		j := i + 1
		for j < len(recs) && recs[j].Game == recs[i].Game {
			j++
		}
		b = AppendBlocks(b, AppendRecords(nil, recs[i:j]))
		i = j
	}
	return b
}

// TestFormat2Read: a file of format 2 still reads, says it carries no
// checksum, and its records written again in this format read back the
// same, checksummed.
func TestFormat2Read(t *testing.T) {
	h, recs := readFixture(t)
	data := checksummed(t, h, recs)
	rd, err := NewReader(bytes.NewReader(data))
	if err != nil || rd.Version != Version || !rd.Checksummed() || !reflect.DeepEqual(rd.Header, h) {
		t.Fatalf("rewritten: %+v, %v", rd, err)
	}
	back, err := ReadAll(bytes.NewReader(data))
	if err != nil || !reflect.DeepEqual(back, recs) {
		t.Fatalf("rewritten: %d records, want %d; %v", len(back), len(recs), err)
	}
}

// TestBlocks: a run of records longer than MaxBlock is split into
// blocks, each where BlockStart says, and a file cut inside a block reads
// the blocks before it.
func TestBlocks(t *testing.T) {
	_, recs := readFixture(t)
	var many []Record
	for len(many) < 2*MaxBlock+5 {
		many = append(many, recs...)
	}
	many = many[:2*MaxBlock+5]
	h := testHeader()
	data := checksummed(t, &h, nil)
	start := int64(len(data))
	data = AppendBlocks(data, AppendRecords(nil, many))
	if want := int(start) + 3*8 + len(many)*Size; len(data) != want {
		t.Fatalf("%d bytes, want %d (three blocks)", len(data), want)
	}
	rd, err := NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for i := range many {
		r, err := rd.Next()
		if err != nil || r != many[i] {
			t.Fatalf("record %d: %+v, %v", i+1, r, err)
		}
		if want := start + int64(i/MaxBlock)*(8+MaxBlock*Size); rd.BlockStart() != want {
			t.Fatalf("record %d: block at %d, want %d", i+1, rd.BlockStart(), want)
		}
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Fatalf("after the last block: %v", err)
	}
	cut := data[:start+8+MaxBlock*Size+100]
	if got, err := ReadAll(bytes.NewReader(cut)); err != nil || len(got) != MaxBlock {
		t.Fatalf("cut in the second block: %d records, %v; want the first block's %d", len(got), err, MaxBlock)
	}
}

// TestBitFlipsRefused: any one bit flipped in a checksummed file is
// refused: in the header by the magic or the header's checksum, in the
// records by the block's count or checksum, naming the block.
func TestBitFlipsRefused(t *testing.T) {
	h, recs := readFixture(t)
	data := checksummed(t, h, recs)
	rd, err := NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	bits := []int{0, 8*len(Magic) + 3, 8*int(rd.Start) - 1, 8 * int(rd.Start), 8*len(data) - 1}
	for len(bits) < 500 {
		bits = append(bits, rng.IntN(8*len(data)))
	}
	for _, bit := range bits {
		bad := bytes.Clone(data)
		bad[bit/8] ^= 1 << (bit % 8)
		_, err := ReadAll(bytes.NewReader(bad))
		switch {
		case err == nil:
			t.Fatalf("bit %d (byte %d) flipped: accepted", bit, bit/8)
		case bit/8 < len(Magic):
			if err != ErrMagic {
				t.Fatalf("bit %d of the magic: %v", bit, err)
			}
		case int64(bit/8) < rd.Start:
			if !strings.Contains(err.Error(), "header") {
				t.Fatalf("bit %d (byte %d) of the header: %v", bit, bit/8, err)
			}
		case !strings.Contains(err.Error(), "block ") || !strings.Contains(err.Error(), "damaged"):
			t.Fatalf("bit %d (byte %d) of the blocks: %v, want the block named", bit, bit/8, err)
		}
	}
}

// FuzzRead: any bytes read as a data file give records, then the end or
// an error, never a panic.
func FuzzRead(f *testing.F) {
	data, err := os.ReadFile("testdata/format2.bin")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	rd, err := NewReader(bytes.NewReader(data))
	if err != nil {
		f.Fatal(err)
	}
	recs, err := ReadAll(bytes.NewReader(data))
	if err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteHeader(&buf, rd.Header); err != nil {
		f.Fatal(err)
	}
	f.Add(AppendBlocks(buf.Bytes(), AppendRecords(nil, recs[:40])))
	f.Fuzz(func(t *testing.T, in []byte) {
		rd, err := NewReader(bytes.NewReader(in))
		if err != nil {
			return
		}
		for {
			if _, err := rd.Next(); err != nil {
				return
			}
		}
	})
}
