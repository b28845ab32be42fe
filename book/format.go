// The book file format: header, roots and records, encoded and decoded with
// every check the package doc lists.

package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// Format constants.
const (
	Magic       = "KIOTHIBK"
	Version     = 1
	headerSize  = 32
	rootSize    = 32
	recordSize  = 40
	moveSize    = 22
	crcOffset   = 24
	flagFree    = 1 // header rule flag: free-first-lap
	flagProven  = 1 // record flag: proven value
	maxValue    = 100 * position.MaxTotal
	openingMark = 0x80
)

// Variant is what a book must share with the game that uses it: the setup
// and the rules of play (movegen.Rules, their one home).
type Variant struct {
	Setup int // 30, 25, or 0 for a root of other material
	Rules movegen.Rules
}

func (r Variant) String() string {
	s := "custom material (not a standard setup)"
	if r.Setup != 0 {
		s = fmt.Sprintf("setup %d", r.Setup)
	}
	if r.Rules.FreeFirstLap {
		return s + ", variant free-first-lap"
	}
	return s + ", first-lap restriction"
}

// SetupOf returns the setup whose material p has: 30 for 60 warriors in
// all, 25 for 50, else 0.
func SetupOf(p *position.Position) int {
	switch p.Total() {
	case 60:
		return 30
	case 50:
		return 25
	}
	return 0
}

// Entry is one book move of a position.
type Entry struct {
	Move   position.GameMove
	Weight int // 0..65535; 0 = never picked
	Value  int // centi-warriors, mover's view
	Depth  int // 0..255
	Count  uint32
	Proven bool
}

// before reports whether a comes before b in probe order.
func before(a, b *Entry) bool {
	if a.Value != b.Value {
		return a.Value > b.Value
	}
	if a.Weight != b.Weight {
		return a.Weight > b.Weight
	}
	if a.Count != b.Count {
		return a.Count > b.Count
	}
	ma, mb := encodeMove(a.Move), encodeMove(b.Move)
	return bytes.Compare(ma[:], mb[:]) < 0
}

// record is an entry with the key of its position.
type record struct {
	key uint64
	e   Entry
}

func compareRecords(a, b record) int {
	switch {
	case a.key < b.key:
		return -1
	case a.key > b.key:
		return 1
	case before(&a.e, &b.e):
		return -1
	case before(&b.e, &a.e):
		return 1
	}
	return 0
}

func encodeMove(m position.GameMove) [moveSize]byte {
	var b [moveSize]byte
	if m.Redistribution {
		b[0] = openingMark | m.Opening.Pits[0]
		b[1] = m.Opening.Pits[1]
		copy(b[2:], m.Opening.Drops[:])
	} else {
		b[0] = byte(m.Play.Pit())
		b[1] = byte(m.Play.Count())
	}
	return b
}

// decodeMove reads a move and checks its form (legality needs the
// position: see replay).
func decodeMove(b []byte) (position.GameMove, error) {
	var g position.GameMove
	if b[0]&openingMark == 0 {
		pit, n := int(b[0]), int(b[1])
		if pit >= position.NumPits {
			return g, fmt.Errorf("play move: pit byte %d is not 0..19", pit)
		}
		if n < 1 || n > position.MaxTotal {
			return g, fmt.Errorf("play move from %s: count %d is not 1..%d", position.PitName(pit), n, position.MaxTotal)
		}
		for _, d := range b[2:moveSize] {
			if d != 0 {
				return g, errors.New("play move with nonzero drop bytes")
			}
		}
		return position.PlayMove(position.NewMove(pit, n)), nil
	}
	var m position.OpeningMove
	i, j := int(b[0]&^openingMark), int(b[1])
	if i >= position.NumPits || j >= position.NumPits {
		return g, fmt.Errorf("redistribution: emptied pit bytes %d, %d are not 0..19", i, j)
	}
	if i >= j || position.Owner(i) != position.Owner(j) {
		return g, fmt.Errorf("redistribution: emptied pits %s, %s are not two pits of one row in board order", position.PitName(i), position.PitName(j))
	}
	m.Pits = [2]uint8{uint8(i), uint8(j)}
	sum := 0
	for k, d := range b[2:moveSize] {
		if int(d) > position.MaxTotal {
			return g, fmt.Errorf("redistribution %s: drop %d into %s is over %d", position.PairString(i, j), d, position.PitName(k), position.MaxTotal)
		}
		m.Drops[k] = d
		sum += int(d)
	}
	if sum < 2 || sum > position.MaxTotal {
		return g, fmt.Errorf("redistribution %s: drops sum to %d, want 2..%d", position.PairString(i, j), sum, position.MaxTotal)
	}
	return position.Redistribute(m), nil
}

func encodeRoot(dst []byte, p *position.Position) {
	for i := range position.NumPits {
		dst[i] = byte(p.Count(i))
	}
	binary.LittleEndian.PutUint32(dst[20:], p.NkiMask())
	dst[24] = byte(p.Prison(position.South))
	dst[25] = byte(p.Prison(position.North))
	dst[26] = byte(p.Side())
	binary.LittleEndian.PutUint16(dst[28:], uint16(p.Turn()))
}

func decodeRoot(b []byte) (position.Position, error) {
	var counts [position.NumPits]int
	for i := range counts {
		counts[i] = int(b[i])
	}
	if b[26] > 1 {
		return position.Position{}, fmt.Errorf("side byte %d is not 0 or 1", b[26])
	}
	if b[27] != 0 || b[30] != 0 || b[31] != 0 {
		return position.Position{}, errors.New("reserved bytes are not zero")
	}
	return position.New(counts, binary.LittleEndian.Uint32(b[20:]), [2]int{int(b[24]), int(b[25])},
		position.Side(b[26]), int(binary.LittleEndian.Uint16(b[28:])))
}

// encode writes a book's bytes: records must be sorted (compareRecords).
func encode(r Variant, roots []position.Position, recs []record) []byte {
	buf := make([]byte, headerSize+rootSize*len(roots)+recordSize*len(recs))
	copy(buf, Magic)
	binary.LittleEndian.PutUint16(buf[8:], Version)
	buf[10] = byte(r.Setup)
	if r.Rules.FreeFirstLap {
		buf[11] = flagFree
	}
	binary.LittleEndian.PutUint32(buf[12:], position.KeyTableChecksum())
	binary.LittleEndian.PutUint32(buf[16:], uint32(len(roots)))
	binary.LittleEndian.PutUint32(buf[20:], uint32(len(recs)))
	off := headerSize
	for i := range roots {
		encodeRoot(buf[off:], &roots[i])
		off += rootSize
	}
	for _, rec := range recs {
		b := buf[off : off+recordSize]
		binary.LittleEndian.PutUint64(b, rec.key)
		mv := encodeMove(rec.e.Move)
		copy(b[8:], mv[:])
		binary.LittleEndian.PutUint16(b[30:], uint16(int16(rec.e.Value)))
		binary.LittleEndian.PutUint16(b[32:], uint16(rec.e.Weight))
		b[34] = byte(rec.e.Depth)
		if rec.e.Proven {
			b[35] = flagProven
		}
		binary.LittleEndian.PutUint32(b[36:], rec.e.Count)
		off += recordSize
	}
	binary.LittleEndian.PutUint32(buf[crcOffset:], fileCRC(buf))
	return buf
}

// fileCRC is the CRC-32 of buf with its CRC field read as zero.
func fileCRC(buf []byte) uint32 {
	var zero [4]byte
	c := crc32.ChecksumIEEE(buf[:crcOffset])
	c = crc32.Update(c, crc32.IEEETable, zero[:])
	return crc32.Update(c, crc32.IEEETable, buf[crcOffset+4:])
}

// Decode reads and checks a whole book file (see the package doc for what
// is checked). Errors say what is wrong and where.
func Decode(data []byte) (*Book, error) {
	if len(data) < headerSize {
		return nil, fmt.Errorf("truncated: %d bytes, the header alone is %d", len(data), headerSize)
	}
	if string(data[:8]) != Magic {
		return nil, fmt.Errorf("not a Kiothi book: magic %q, want %q", data[:8], Magic)
	}
	if v := binary.LittleEndian.Uint16(data[8:]); v != Version {
		return nil, fmt.Errorf("format version %d, this build reads version %d", v, Version)
	}
	var r Variant
	switch s := data[10]; s {
	case 0, 25, 30:
		r.Setup = int(s)
	default:
		return nil, fmt.Errorf("header: setup %d is not 30, 25 or 0", s)
	}
	if f := data[11]; f&^flagFree != 0 {
		return nil, fmt.Errorf("header: unknown rule flags %#02x", f)
	} else {
		r.Rules.FreeFirstLap = f&flagFree != 0
	}
	if got, want := binary.LittleEndian.Uint32(data[12:]), position.KeyTableChecksum(); got != want {
		return nil, fmt.Errorf("header: built with Zobrist key table %08x, this build's is %08x: the keys differ, rebuild the book", got, want)
	}
	nroots := uint64(binary.LittleEndian.Uint32(data[16:]))
	nrecs := uint64(binary.LittleEndian.Uint32(data[20:]))
	if binary.LittleEndian.Uint32(data[28:]) != 0 {
		return nil, errors.New("header: reserved bytes 28..31 are not zero")
	}
	if nroots == 0 {
		return nil, errors.New("header: the book has no root position")
	}
	want := headerSize + rootSize*nroots + recordSize*nrecs
	if uint64(len(data)) < want {
		return nil, fmt.Errorf("truncated: %d bytes, the header promises %d (%d roots, %d records)", len(data), want, nroots, nrecs)
	}
	if uint64(len(data)) > want {
		return nil, fmt.Errorf("%d bytes of trailing data after %d roots and %d records", uint64(len(data))-want, nroots, nrecs)
	}
	if got, stored := fileCRC(data), binary.LittleEndian.Uint32(data[crcOffset:]); got != stored {
		return nil, fmt.Errorf("corrupted: CRC-32 is %08x, the header says %08x", got, stored)
	}
	b := &Book{rules: r}
	off := headerSize
	for i := range int(nroots) {
		p, err := decodeRoot(data[off : off+rootSize])
		if err != nil {
			return nil, fmt.Errorf("root %d: %v", i+1, err)
		}
		if s := SetupOf(&p); s != r.Setup {
			return nil, fmt.Errorf("root %d (%s): material of setup %d, but the header says setup %d", i+1, p, s, r.Setup)
		}
		b.roots = append(b.roots, p)
		off += rootSize
	}
	b.keys = make([]uint64, nrecs)
	b.entries = make([]Entry, nrecs)
	for i := range int(nrecs) {
		d := data[off : off+recordSize]
		off += recordSize
		key := binary.LittleEndian.Uint64(d)
		m, err := decodeMove(d[8 : 8+moveSize])
		if err != nil {
			return nil, fmt.Errorf("record %d (key %016x): %v", i+1, key, err)
		}
		e := Entry{
			Move:   m,
			Value:  int(int16(binary.LittleEndian.Uint16(d[30:]))),
			Weight: int(binary.LittleEndian.Uint16(d[32:])),
			Depth:  int(d[34]),
			Proven: d[35]&flagProven != 0,
			Count:  binary.LittleEndian.Uint32(d[36:]),
		}
		if e.Value < -maxValue || e.Value > maxValue {
			return nil, fmt.Errorf("record %d (key %016x, move %s): value %d is beyond ±%d", i+1, key, m, e.Value, maxValue)
		}
		if d[35]&^flagProven != 0 {
			return nil, fmt.Errorf("record %d (key %016x, move %s): unknown flags %#02x", i+1, key, m, d[35])
		}
		b.keys[i], b.entries[i] = key, e
		if i > 0 && compareRecords(record{b.keys[i-1], b.entries[i-1]}, record{key, e}) >= 0 {
			return nil, fmt.Errorf("record %d (key %016x, move %s): out of order (records go by key, then best first)", i+1, key, m)
		}
	}
	if err := b.replay(); err != nil {
		return nil, err
	}
	return b, nil
}

// replay walks the tree from the roots: every record must be reached, its
// move legal where it is reached, and no move listed twice for a position.
func (b *Book) replay() error {
	reached := make([]bool, len(b.keys))
	seen := map[uint64]bool{}
	queue := slices.Clone(b.roots)
	mr := b.rules.Rules
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		k := p.KeyWithPrisons()
		if seen[k] {
			continue
		}
		seen[k] = true
		lo, hi := b.span(k)
		moves := map[[moveSize]byte]bool{}
		for i := lo; i < hi; i++ {
			e := &b.entries[i]
			mb := encodeMove(e.Move)
			if moves[mb] {
				return fmt.Errorf("record %d (key %016x): move %s listed twice", i+1, k, e.Move)
			}
			moves[mb] = true
			q, err := movegen.Apply(p, e.Move, mr)
			if err != nil {
				return fmt.Errorf("record %d (key %016x): illegal in %s: %v", i+1, k, p, err)
			}
			reached[i] = true
			queue = append(queue, q)
		}
	}
	for i, ok := range reached {
		if !ok {
			return fmt.Errorf("record %d (key %016x, move %s): not reachable from the book's roots", i+1, b.keys[i], b.entries[i].Move)
		}
	}
	return nil
}
