// The self-play data file: a header and fixed 32-byte records.

package record

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/kiothi/kiothi/position"
)

// The file starts with Magic (8 bytes), the header's length in bytes
// (uint32 little endian) and the Header as a JSON object, then records of
// Size bytes, each a play position of a finished game:
//
//	bytes  0..19  pit a..j, A..J: count in bits 0..5, nki mark in bit 7
//	byte  20      South's prison in bits 0..5; bit 7 set when North is to move
//	byte  21      North's prison
//	bytes 22..23  turn, uint16 little endian
//	bytes 24..25  Score, int16 little endian, centi-warriors, side to move's
//	              view; a proven value v is 20000+v (v > 0) or -20000+v
//	              (the search's encoding)
//	byte  26      Margin, int8: the game's final prison difference (South
//	              minus North's prison at the end), side to move's view
//	byte  27      bits 0..5: search depth of Score (completed iterations,
//	              at most 63); bit 6: Score is proven; bit 7: the move
//	              played from this position was a random one, not the
//	              engine's
//	bytes 28..31  game number, uint32 little endian
//
// All records of one game are written together, so a file cut short by
// an interruption holds whole games plus at most a partial record, and
// the game numbers present are the games done (what --resume skips).
// A file of format 1 (MagicV1) has the same records and no header.
const (
	Magic   = "KDGEN2\n\x00"
	MagicV1 = "KDGEN1\n\x00"
	Size    = 32
)

// Record is one labelled position.
type Record struct {
	Pos    position.Position
	Depth  int
	Score  int
	Proven bool
	Random bool // the move played from Pos was random
	Margin int  // final margin, side to move's view
	Game   uint32
}

// Encode writes r into b (Size bytes).
func (r *Record) Encode(b []byte) {
	_ = b[Size-1]
	p := &r.Pos
	for i := 0; i < position.NumPits; i++ {
		v := byte(p.Count(i))
		if p.Nki(i) {
			v |= 0x80
		}
		b[i] = v
	}
	b[20] = byte(p.Prison(position.South)) | byte(p.Side())<<7
	b[21] = byte(p.Prison(position.North))
	binary.LittleEndian.PutUint16(b[22:], uint16(p.Turn()))
	binary.LittleEndian.PutUint16(b[24:], uint16(int16(max(-32767, min(32767, r.Score)))))
	b[26] = byte(int8(max(-position.MaxTotal, min(position.MaxTotal, r.Margin))))
	b[27] = byte(max(0, min(r.Depth, 63)))
	if r.Proven {
		b[27] |= 1 << 6
	}
	if r.Random {
		b[27] |= 1 << 7
	}
	binary.LittleEndian.PutUint32(b[28:], r.Game)
}

// AppendRecords appends the encoding of recs to b.
func AppendRecords(b []byte, recs []Record) []byte {
	for i := range recs {
		var e [Size]byte
		recs[i].Encode(e[:])
		b = append(b, e[:]...)
	}
	return b
}

// Decode reads a record from b, checking that it holds a valid play
// position.
func Decode(b []byte) (Record, error) {
	if len(b) < Size {
		return Record{}, fmt.Errorf("record of %d bytes, want %d", len(b), Size)
	}
	var counts [position.NumPits]int
	var nki uint32
	for i := 0; i < position.NumPits; i++ {
		if b[i]&0x40 != 0 {
			return Record{}, fmt.Errorf("pit %s: byte %#x has bit 6 set", position.PitName(i), b[i])
		}
		counts[i] = int(b[i] & 0x3f)
		if b[i]&0x80 != 0 {
			nki |= 1 << uint(i)
		}
	}
	if b[20]&0x40 != 0 || b[21]&0xc0 != 0 {
		return Record{}, fmt.Errorf("prison bytes %#x %#x out of range", b[20], b[21])
	}
	if m := int8(b[26]); m < -position.MaxTotal || m > position.MaxTotal {
		return Record{}, fmt.Errorf("margin %d outside -%d..%d", m, position.MaxTotal, position.MaxTotal)
	}
	if s := int16(binary.LittleEndian.Uint16(b[24:])); s == -32768 {
		return Record{}, fmt.Errorf("score %d outside -32767..32767", s)
	}
	turn := int(binary.LittleEndian.Uint16(b[22:]))
	if turn < 3 {
		return Record{}, fmt.Errorf("turn %d: not a play position", turn)
	}
	p, err := position.New(counts, nki, [2]int{int(b[20] & 0x3f), int(b[21])}, position.Side(b[20]>>7), turn)
	if err != nil {
		return Record{}, err
	}
	return Record{
		Pos:    p,
		Score:  int(int16(binary.LittleEndian.Uint16(b[24:]))),
		Margin: int(int8(b[26])),
		Depth:  int(b[27] & 63),
		Proven: b[27]&(1<<6) != 0,
		Random: b[27]&(1<<7) != 0,
		Game:   binary.LittleEndian.Uint32(b[28:]),
	}, nil
}

// ErrMagic is returned for a file that is not a data file.
var ErrMagic = errors.New("not a kiothi datagen file (it does not start with KDGEN1 or KDGEN2)")

// Reader reads records from a data file.
type Reader struct {
	// Header is the file's header; nil in a file of format 1.
	Header *Header
	// Start is the length of what precedes the records.
	Start int64
	r     *bufio.Reader
	n     int // records read
	buf   [Size]byte
}

// NewReader checks the magic and the header and returns a reader of the
// records. It reads files of format 1 too (Header nil).
func NewReader(r io.Reader) (*Reader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var m [len(Magic)]byte
	if _, err := io.ReadFull(br, m[:]); err != nil {
		return nil, ErrMagic
	}
	switch string(m[:]) {
	case MagicV1:
		return &Reader{r: br, Start: int64(len(m))}, nil
	case Magic:
		h, n, err := parseHeader(br)
		if err != nil {
			return nil, err
		}
		return &Reader{Header: h, r: br, Start: int64(len(m)) + n}, nil
	}
	return nil, ErrMagic
}

// Next returns the next record; io.EOF at the end (a partial record at
// the end is also io.EOF: an interrupted write).
func (r *Reader) Next() (Record, error) {
	if _, err := io.ReadFull(r.r, r.buf[:]); err != nil {
		if err == io.ErrUnexpectedEOF {
			err = io.EOF
		}
		return Record{}, err
	}
	r.n++
	rec, err := Decode(r.buf[:])
	if err != nil {
		return rec, fmt.Errorf("record %d: %w", r.n, err)
	}
	return rec, nil
}

// ReadAll reads every record of a data file.
func ReadAll(r io.Reader) ([]Record, error) {
	rd, err := NewReader(r)
	if err != nil {
		return nil, err
	}
	var out []Record
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, rec)
	}
}

// DecodeAll reads records encoded one after the other (AppendRecords, as
// the cluster carries a game): whole records, each a valid play position.
func DecodeAll(b []byte) ([]Record, error) {
	if len(b)%Size != 0 {
		return nil, fmt.Errorf("%d bytes: not whole records of %d", len(b), Size)
	}
	recs := make([]Record, 0, len(b)/Size)
	for i := 0; i < len(b); i += Size {
		rec, err := Decode(b[i:])
		if err != nil {
			return nil, fmt.Errorf("record %d: %v", i/Size+1, err)
		}
		recs = append(recs, rec)
	}
	return recs, nil
}
