// Tests of the weights file: the round trip, the embedded network, and a
// clear error for each kind of bad file.

package nn

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math/rand/v2"
	"strings"
	"testing"
)

func encode(t testing.TB, q *Params) []byte {
	var b bytes.Buffer
	if err := Write(&b, q); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestFileRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	q := randomParams(rng)
	q.Provenance = "kiothi train … on [data]: held-out 600.0"
	got, err := Parse(encode(t, q))
	if err != nil {
		t.Fatal(err)
	}
	if *got != *q {
		t.Fatal("the network read back differs from the one written")
	}
}

func TestDefaultLoads(t *testing.T) {
	n, err := Default()
	if err != nil {
		t.Fatalf("embedded network: %v", err)
	}
	if !strings.HasPrefix(n.Params().Provenance, "kiothi train ") {
		t.Fatalf("embedded network's provenance %q does not say how it was trained", n.Params().Provenance)
	}
}

// resum replaces data's checksum by the right one, so a test reaches the
// check it means.
func resum(data []byte) []byte {
	n := len(data) - 4
	binary.LittleEndian.PutUint32(data[n:], crc32.ChecksumIEEE(data[:n]))
	return data
}

func TestBadFiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	q := randomParams(rng)
	q.Provenance = "p"
	good := encode(t, q)
	edit := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a network file"},
		{"other magic", edit(func(b []byte) []byte { b[0] = 'X'; return b }), "not a network file"},
		{"header only", []byte(Magic + "\x00\x00"), "cut short"},
		{"flipped bit", edit(func(b []byte) []byte { b[len(b)/2] ^= 1; return b }), "checksum does not match"},
		{"other shape", edit(func(b []byte) []byte { b[len(Magic)+2]++; return resum(b) }), "this build's has 688 and 32"},
		{"cut short", resum(good[:len(good)-100]), "cut short"},
		{"trailing bytes", resum(append(append([]byte(nil), good...), 0, 0, 0, 0)), "bytes after its weights"},
		{"too long", make([]byte, FileSize+1), "longer than"},
		{"bad scale", edit(func(b []byte) []byte { b[len(Magic)+4] = 20; return resum(b) }), "scales 2^20"},
		{"overflowing unit", edit(func(b []byte) []byte {
			for i := 0; i < NumActive*2; i++ { // input 0's unit 0 and its neighbours at int16's edge
				binary.LittleEndian.PutUint16(b[len(Magic)+9+i*2*Hidden:], 0x7fff)
			}
			return resum(b)
		}), "outside int16"},
		{"bad provenance", edit(func(b []byte) []byte { b[len(Magic)+8] = 0xff; return resum(b) }), "not UTF-8"},
	}
	for _, c := range cases {
		_, err := Parse(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	rng := rand.New(rand.NewPCG(25, 26))
	f.Add(encode(f, randomParams(rng)))
	f.Add([]byte(Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		q, err := Parse(data)
		if err != nil {
			return
		}
		if _, err := New(q); err != nil {
			t.Fatalf("parsed a network New refuses: %v", err)
		}
		if !bytes.Equal(encode(t, q), data) {
			t.Fatal("a parsed file does not write back the same bytes")
		}
	})
}
