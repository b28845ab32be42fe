// Tests of the record format: records and headers round trip, and bytes
// that are neither are an error, never a panic.

package record

import (
	"bytes"
	"math/rand/v2"
	"reflect"
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
