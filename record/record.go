// The data file: a header, then blocks of fixed 32-byte records, each
// block with its checksum.

package record

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/kiothi/kiothi/position"
)

// The file starts with Magic (8 bytes), the header's length in bytes
// (uint32 little endian), the Header as a JSON object and the CRC-32C
// (Castagnoli) of those three, then blocks of records (AppendBlocks):
//
//	bytes 0..3    n, the block's records (1..MaxBlock), in bits 0..15 and
//	              its complement in bits 16..31 (uint32 little endian), so
//	              that a changed bit of the count is seen
//	n × Size      the records
//	4 bytes       CRC-32C of the count and the records (uint32 little endian)
//
// Each record is a play position of a finished game:
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
// All records of one game are written together, in blocks of their own,
// so a file cut short by an interruption holds whole games plus at most
// a partial block, and the game numbers present are the games done (what
// --resume skips). Every byte of the file is covered by the magic, the
// header's checksum or a block's, so a damaged file is refused, naming
// the block. Files of format 2 (MagicV2: no checksums, the records one
// after the other after the header) and 1 (MagicV1: the records alone)
// are still read; Reader.Checksummed says they carry no checksum.
const (
	Magic   = "KDGEN3\n\x00"
	MagicV2 = "KDGEN2\n\x00"
	MagicV1 = "KDGEN1\n\x00"
	Size    = 32
	// MaxBlock is the most records a block holds (AppendBlocks splits a
	// longer run of records).
	MaxBlock = 4096
)

// Version is the format a file of this build is written in.
const Version = 3

// crcTable is CRC-32C's, the checksum of the header and of each block.
var crcTable = crc32.MakeTable(crc32.Castagnoli)

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
var ErrMagic = errors.New("not a kiothi datagen file (it does not start with KDGEN1, KDGEN2 or KDGEN3)")

// AppendBlocks appends raw, whole encoded records (AppendRecords), to b as
// blocks of at most MaxBlock records, each with its count and checksum:
// what a data file of this format holds after its header. len(raw) must
// be a multiple of Size.
func AppendBlocks(b, raw []byte) []byte {
	if len(raw)%Size != 0 {
		panic(fmt.Sprintf("record.AppendBlocks: %d bytes, not whole records of %d", len(raw), Size))
	}
	for len(raw) > 0 {
		n := min(len(raw)/Size, MaxBlock)
		start := len(b)
		b = binary.LittleEndian.AppendUint32(b, uint32(n)|uint32(^uint16(n))<<16)
		b = append(b, raw[:n*Size]...)
		b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(b[start:], crcTable))
		raw = raw[n*Size:]
	}
	return b
}

// Reader reads records from a data file.
type Reader struct {
	// Header is the file's header; nil in a file of format 1.
	Header *Header
	// Version is the file's format: 1, 2 or 3 (Version).
	Version int
	// Start is the length of what precedes the records.
	Start int64
	r     *bufio.Reader
	n     int   // records read
	off   int64 // bytes read: Start and whole blocks (or records)
	at    int64 // where the block (or record) of the record last read starts
	block int   // blocks read
	buf   []byte
	recs  []byte // the records of the current block not yet returned
}

// Checksummed reports whether the file's blocks carry checksums (format 3
// on): a file of format 1 or 2 carries none, and a damaged record in it
// may read as another valid one.
func (r *Reader) Checksummed() bool { return r.Version >= 3 }

// NewReader checks the magic and the header and returns a reader of the
// records. It reads files of formats 1 (Header nil) and 2 too.
func NewReader(r io.Reader) (*Reader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var m [len(Magic)]byte
	if _, err := io.ReadFull(br, m[:]); err != nil {
		return nil, ErrMagic
	}
	rd := &Reader{r: br}
	switch string(m[:]) {
	case MagicV1:
		rd.Version = 1
	case MagicV2, Magic:
		rd.Version = 2
		if string(m[:]) == Magic {
			rd.Version = 3
		}
		h, n, err := parseHeader(br, m[:], rd.Version >= 3)
		if err != nil {
			return nil, err
		}
		rd.Header, rd.Start = h, n
	default:
		return nil, ErrMagic
	}
	rd.Start += int64(len(m))
	rd.off, rd.at = rd.Start, rd.Start
	return rd, nil
}

// Next returns the next record; io.EOF at the end (a partial record, or
// in format 3 a partial block, at the end is also io.EOF: an interrupted
// write). In format 3 a block whose count or checksum is wrong is an
// error naming the block and where it starts.
func (r *Reader) Next() (Record, error) {
	var b []byte
	if r.Version < 3 {
		if len(r.buf) < Size {
			r.buf = make([]byte, Size)
		}
		if _, err := io.ReadFull(r.r, r.buf[:Size]); err != nil {
			return Record{}, eof(err)
		}
		b, r.at = r.buf[:Size], r.off
		r.off += Size
	} else {
		if len(r.recs) == 0 {
			if err := r.nextBlock(); err != nil {
				return Record{}, err
			}
		}
		b, r.recs = r.recs[:Size], r.recs[Size:]
	}
	r.n++
	rec, err := Decode(b)
	if err != nil {
		if r.Version >= 3 {
			return rec, fmt.Errorf("block %d, record %d: %w", r.block, r.n, err)
		}
		return rec, fmt.Errorf("record %d: %w", r.n, err)
	}
	return rec, nil
}

// nextBlock reads the next block and checks its count and checksum.
func (r *Reader) nextBlock() error {
	if cap(r.buf) < 4+MaxBlock*Size+4 {
		r.buf = make([]byte, 4+MaxBlock*Size+4)
	}
	buf := r.buf[:cap(r.buf)]
	if _, err := io.ReadFull(r.r, buf[:4]); err != nil {
		return eof(err)
	}
	r.block++
	w := binary.LittleEndian.Uint32(buf)
	n := int(w & 0xffff)
	if uint16(w>>16) != ^uint16(n) || n < 1 || n > MaxBlock {
		return fmt.Errorf("block %d (byte %d): count word %#08x is no count of 1 to %d records and its complement: the file is damaged", r.block, r.off, w, MaxBlock)
	}
	end := 4 + n*Size + 4
	if _, err := io.ReadFull(r.r, buf[4:end]); err != nil {
		return eof(err)
	}
	want := binary.LittleEndian.Uint32(buf[end-4:])
	if got := crc32.Checksum(buf[:end-4], crcTable); got != want {
		return fmt.Errorf("block %d (byte %d, %d records): checksum %#08x, the block says %#08x: the file is damaged", r.block, r.off, n, got, want)
	}
	r.at = r.off
	r.off += int64(end)
	r.recs = buf[4 : end-4]
	return nil
}

// BlockStart returns where in the file the block holding the record Next
// returned last starts (its own start in formats 1 and 2): a file cut
// there keeps what precedes that block whole.
func (r *Reader) BlockStart() int64 { return r.at }

// eof makes a read cut short by the end of the file io.EOF.
func eof(err error) error {
	if err == io.ErrUnexpectedEOF {
		return io.EOF
	}
	return err
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
