// The weights file: a network's Params as bytes.

package nn

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/kiothi/kiothi/internal/wholefile"
	"hash/crc32"
	"io"
	"unicode/utf8"
)

// The file is Magic, then little-endian: NumInputs and Hidden (uint16
// each), ShiftA and ShiftB (a byte each), the Provenance's length
// (uint16) and its UTF-8 bytes, W1 (input by input, Hidden int16 each),
// B1, W2 (int16), B2 (int32), and last the CRC-32 (IEEE) of every byte
// before it.
const Magic = "KIONN01\n"

// FileSize bounds a weights file's length.
const FileSize = len(Magic) + 2 + 2 + 2 + 2 + MaxProvenance + 2*(NumInputs*Hidden+2*Hidden) + 4 + 4

// Write writes q in the file format.
func Write(w io.Writer, q *Params) error {
	if err := q.Check(); err != nil {
		return err
	}
	var b bytes.Buffer
	b.WriteString(Magic)
	le := binary.LittleEndian
	b.Write(le.AppendUint16(nil, NumInputs))
	b.Write(le.AppendUint16(nil, Hidden))
	b.WriteByte(q.ShiftA)
	b.WriteByte(q.ShiftB)
	b.Write(le.AppendUint16(nil, uint16(len(q.Provenance))))
	b.WriteString(q.Provenance)
	for i := range q.W1 {
		binary.Write(&b, le, &q.W1[i])
	}
	binary.Write(&b, le, &q.B1)
	binary.Write(&b, le, &q.W2)
	b.Write(le.AppendUint32(nil, uint32(q.B2)))
	b.Write(le.AppendUint32(nil, crc32.ChecksumIEEE(b.Bytes())))
	_, err := w.Write(b.Bytes())
	return err
}

// Read reads a weights file, checking its shape, checksum and bounds; an
// error says what is wrong.
func Read(r io.Reader) (*Params, error) {
	data, err := io.ReadAll(io.LimitReader(r, int64(FileSize)+1))
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// ReadFile reads the weights file at path; an error names it.
func ReadFile(path string) (*Params, error) {
	f, err := wholefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	q, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return q, nil
}

// errShort reports a file that ends before what it must hold.
var errShort = errors.New("network file cut short")

// Parse is Read of the file's bytes.
func Parse(data []byte) (*Params, error) {
	switch {
	case len(data) > FileSize:
		return nil, fmt.Errorf("network file longer than %d bytes", FileSize)
	case len(data) < len(Magic) || string(data[:len(Magic)]) != Magic:
		return nil, fmt.Errorf("not a network file (it does not start with %q)", Magic)
	case len(data) < len(Magic)+8+4:
		return nil, errShort
	}
	le := binary.LittleEndian
	body, sum := data[:len(data)-4], le.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, errors.New("network file damaged: its checksum does not match")
	}
	d := body[len(Magic):]
	if in, h := le.Uint16(d), le.Uint16(d[2:]); in != NumInputs || h != Hidden {
		return nil, fmt.Errorf("network of %d inputs and %d hidden units; this build's has %d and %d", in, h, NumInputs, Hidden)
	}
	q := &Params{ShiftA: d[4], ShiftB: d[5]}
	n := int(le.Uint16(d[6:]))
	d = d[8:]
	want := n + 2*(NumInputs*Hidden+2*Hidden) + 4
	switch {
	case len(d) < want:
		return nil, errShort
	case len(d) > want:
		return nil, fmt.Errorf("network file has %d bytes after its weights", len(d)-want)
	case !utf8.Valid(d[:n]):
		return nil, errors.New("network file's provenance is not UTF-8")
	}
	q.Provenance = string(d[:n])
	d = d[n:]
	for i := range q.W1 {
		for j := range q.W1[i] {
			q.W1[i][j] = int16(le.Uint16(d))
			d = d[2:]
		}
	}
	for j := range q.B1 {
		q.B1[j] = int16(le.Uint16(d))
		d = d[2:]
	}
	for j := range q.W2 {
		q.W2[j] = int16(le.Uint16(d))
		d = d[2:]
	}
	q.B2 = int32(le.Uint32(d))
	if err := q.Check(); err != nil {
		return nil, fmt.Errorf("network file: %w", err)
	}
	return q, nil
}
