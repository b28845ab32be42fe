// The database file: a header, the layers as they are in memory, and a
// checksum.

package egdb

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/kiothi/kiothi/internal/wholefile"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
)

// The file, all numbers little-endian:
//
//	offset  size            field
//	0       8               magic "KIOTHIEG"
//	8       4               format version (fileVersion)
//	12      4               rules: bit 0 set for free-first-lap
//	16      4               max: the layers are 0..max
//	20      Bytes(max)      the layers as pack.go stores them
//	end-4   4               CRC-32C (Castagnoli) of all the bytes before it
const (
	fileMagic   = "KIOTHIEG"
	fileVersion = 2 // 1: one byte an entry in every layer
	headerSize  = 20
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// WriteFile replaces path by the database, whole (a temporary file
// renamed over it).
func (d *DB) WriteFile(path string) error {
	return wholefile.Write(path, func(w io.Writer) error {
		c := crc32.New(castagnoli)
		bw := bufio.NewWriterSize(io.MultiWriter(w, c), 1<<20)
		var h [headerSize]byte
		copy(h[:], fileMagic)
		binary.LittleEndian.PutUint32(h[8:], fileVersion)
		if d.rules.FreeFirstLap {
			binary.LittleEndian.PutUint32(h[12:], 1)
		}
		binary.LittleEndian.PutUint32(h[16:], uint32(d.Max()))
		bw.Write(h[:])
		for _, l := range d.layers {
			bw.Write(l)
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		var sum [4]byte
		binary.LittleEndian.PutUint32(sum[:], c.Sum32())
		_, err := w.Write(sum[:])
		return err
	})
}

// ReadFile reads a database written by WriteFile. It checks the header,
// the size, the memory the layers need (before taking it) and the
// checksum; CheckValues also checks every entry, as kiothi egdb verify
// does. The layers are mapped from the file where the system can
// (map_unix.go), so they cost no copy and no heap.
func ReadFile(path string) (*DB, error) { return readFile(path, false) }

// readFile is ReadFile; with trustStamp, the checksum is not checked
// again when path's stamp (stamp.go) vouches for this version of the
// file, and a passed check writes one.
func readFile(path string, trustStamp bool) (d *DB, err error) {
	f, err := wholefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	var h [headerSize]byte
	if _, err := io.ReadFull(f, h[:]); err != nil {
		return nil, notDB(path, "the %d-byte header is cut short", headerSize)
	}
	_, size, err := readHeader(path, h[:])
	if err != nil {
		return nil, err
	}
	if fi.Size() != size {
		return nil, notDB(path, "%d bytes, its header says %d", fi.Size(), size)
	}
	if err := limits.CheckMemory("the endgame database "+path, (size+1<<20-1)>>20); err != nil {
		return nil, err
	}
	all, err := mapFile(f, size)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	// The file may be cut while it is checked: a fault is its error.
	defer func(old bool) {
		debug.SetPanicOnFault(old)
		if rerr := recoverMapped(recover(), all); rerr != nil {
			d, err = nil, fmt.Errorf("%s: %v", path, rerr)
		}
		if d != nil {
			d.live.path, d.live.fi = path, fi
			register(d, all)
		}
	}(debug.SetPanicOnFault(true))
	if !trustStamp {
		return fromBytes(path, all, true)
	}
	sum := binary.LittleEndian.Uint32(all[size-4:])
	line, ctime, ok := stampLine(fi, sum)
	if ok && stamped(path, line) {
		return fromBytes(path, all, false)
	}
	begin := time.Now()
	d, err = fromBytes(path, all, true)
	if err == nil && ok {
		stamp(path, line, ctime, sum, begin)
	}
	return d, err
}

// notDB is the error for name's bytes that are not a database.
func notDB(name, format string, a ...any) error {
	return fmt.Errorf("%s: not an endgame database of this build: %s", name, fmt.Sprintf(format, a...))
}

// readHeader checks a file's header (name for errors) and returns its
// rules and the file's size it implies.
func readHeader(name string, h []byte) (movegen.Rules, int64, error) {
	if len(h) < headerSize {
		return movegen.Rules{}, 0, notDB(name, "the %d-byte header is cut short", headerSize)
	}
	if string(h[:8]) != fileMagic {
		return movegen.Rules{}, 0, notDB(name, "it does not start with %q", fileMagic)
	}
	if v := binary.LittleEndian.Uint32(h[8:]); v != fileVersion {
		return movegen.Rules{}, 0, notDB(name, "format version %d, this build reads %d", v, fileVersion)
	}
	flags := binary.LittleEndian.Uint32(h[12:])
	if flags&^1 != 0 {
		return movegen.Rules{}, 0, notDB(name, "unknown rule flags %#x", flags)
	}
	max := binary.LittleEndian.Uint32(h[16:])
	if max > MaxWarriors {
		return movegen.Rules{}, 0, notDB(name, "layers up to %d warriors, at most %d", max, MaxWarriors)
	}
	return movegen.Rules{FreeFirstLap: flags&1 != 0}, headerSize + Bytes(int(max)) + 4, nil
}

// fromBytes returns the database whose file's bytes are all (name for
// errors), checked: header, size and, with check, the checksum. Its
// layers are all's.
func fromBytes(name string, all []byte, check bool) (*DB, error) {
	rules, size, err := readHeader(name, all)
	if err != nil {
		return nil, err
	}
	if int64(len(all)) != size {
		return nil, notDB(name, "%d bytes, its header says %d", len(all), size)
	}
	stored := binary.LittleEndian.Uint32(all[size-4:])
	if check && crc32.Checksum(all[:size-4], castagnoli) != stored {
		return nil, notDB(name, "the checksum does not match (a damaged or cut file)")
	}
	d := &DB{rules: rules, sum: stored, name: name}
	off := headerSize
	for n := 0; off < int(size)-4; n++ {
		b := LayerBytes(n)
		d.layers = append(d.layers, all[off:off+b:off+b])
		off += b
	}
	return d, nil
}

// CheckValues returns an error naming the first entry no position of its
// layer can have: a value outside [-n, n] or of the other parity than n
// (what is still to be won has the parity of the warriors on the board),
// or a packed layer's last half byte that is no entry and not 0: what a
// file with a good checksum holds only when the program that wrote it was
// wrong.
// It stops with ctx's error, looked at every 1<<20 entries.
func (d *DB) CheckValues(ctx context.Context) error {
	for n, l := range d.layers {
		if n <= PackedMax && Size(n)%2 == 1 && l[len(l)-1]>>4 != 0 {
			return fmt.Errorf("layer %d: the high half of its last byte is %d, not 0 (no entry is there)", n, l[len(l)-1]>>4)
		}
		for idx := range Size(n) {
			if idx&(1<<20-1) == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			if err := d.checkEntry(n, idx); err != nil {
				return err
			}
		}
	}
	return nil
}

// CheckSample is CheckValues on count seeded random entries of each layer
// (every entry of a layer that has no more), and each packed layer's
// last byte: seconds for the largest database, where CheckValues reads
// every byte. It finds a file whose values are wrong throughout (a
// wrong build), not one wrong entry.
func (d *DB) CheckSample(ctx context.Context, count int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 0x73616d706c65))
	for n, l := range d.layers {
		if n <= PackedMax && Size(n)%2 == 1 && l[len(l)-1]>>4 != 0 {
			return fmt.Errorf("layer %d: the high half of its last byte is %d, not 0 (no entry is there)", n, l[len(l)-1]>>4)
		}
		size := Size(n)
		for k := 0; k < min(count, size); k++ {
			if k&(1<<16-1) == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			idx := k
			if count < size {
				idx = rng.IntN(size)
			}
			if err := d.checkEntry(n, idx); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkEntry returns an error when layer n's entry idx is a value no
// position of the layer can have.
func (d *DB) checkEntry(n, idx int) error {
	v := d.entry(n, idx)
	if v != Unknown && (int(v) < -n || int(v) > n || (int(v)+n)%2 != 0) {
		return fmt.Errorf("layer %d entry %d: value %d, not one of -%d, -%d, ..., %d", n, idx, v, n, n-2, n)
	}
	return nil
}

// opened holds the databases Open has read, by path: the engines of one
// process (a match's players, a server's sessions) share one copy.
var opened struct {
	sync.Mutex
	dbs map[string]openedDB
}

type openedDB struct {
	db *DB
	fi os.FileInfo
}

// Open returns the database in path, read once per process (ReadFile)
// and again only when the file changed; its checksum is checked once
// per version of the file (stamp.go).
func Open(path string) (*DB, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, err
	}
	opened.Lock()
	defer opened.Unlock()
	if o, ok := opened.dbs[abs]; ok && os.SameFile(o.fi, fi) && o.fi.Size() == fi.Size() && o.fi.ModTime().Equal(fi.ModTime()) {
		return o.db, nil
	}
	d, err := readFile(abs, true)
	if err != nil {
		return nil, err
	}
	if opened.dbs == nil {
		opened.dbs = map[string]openedDB{}
	}
	opened.dbs[abs] = openedDB{d, d.live.fi}
	return d, nil
}

// The setting's words (settings.EGDB): Auto, the default, opens AutoName
// beside the running program when there is one; None opens nothing.
const (
	Auto     = "auto"
	None     = "none"
	AutoName = "kiothi.egdb" // what make egdb writes beside bin/kiothi
)

// OpenSetting returns the database the egdb setting's value v names: nil
// for None (or ""); for Auto the file AutoName in the running program's
// folder, or when it has none the database built into the program
// (Embedded); else the file v (Open). A file that is there but not a
// database of this build is an error in either case.
func OpenSetting(v string) (*DB, error) {
	switch {
	case v == "" || strings.EqualFold(v, None):
		return nil, nil
	case strings.EqualFold(v, Auto):
		if path, ok := AutoPath(); ok {
			return Open(path)
		}
		return Embedded()
	}
	return Open(v)
}

// OpenFor is OpenSetting for an engine under rules r: a file named whose
// database was built for other rules is refused (Unsuited), as kiothi
// solve refuses it; auto's database serves only where its rules are r
// (nil otherwise, no error).
func OpenFor(v string, r movegen.Rules) (*DB, error) {
	d, err := OpenSetting(v)
	if err != nil {
		return nil, err
	}
	if err := Unsuited(v, d, r); err != nil {
		return nil, err
	}
	if d != nil && d.rules != r {
		return nil, nil
	}
	return d, nil
}

// Unsuited returns why d, the database the egdb setting's value v
// opened, cannot serve rules r: an error naming v when v names a file
// and d was built for other rules; nil for auto (which serves where it
// can) and for none.
func Unsuited(v string, d *DB, r movegen.Rules) error {
	if d == nil || strings.EqualFold(v, Auto) {
		return nil
	}
	return d.CheckRules(v, r)
}

// AutoPath returns the file AutoName in the running program's folder,
// and whether it is there (auto reads it; else the built-in database).
func AutoPath() (string, bool) {
	exe, err := os.Executable()
	if err != nil {
		return "", false
	}
	path := filepath.Join(filepath.Dir(exe), AutoName)
	_, err = os.Stat(path)
	return path, err == nil
}
