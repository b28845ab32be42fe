// A database file changed under a running engine: the change noticed
// before a search, a fault while the mapping is read turned into an
// error, and the database read again or dropped.

package egdb

import (
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/kiothi/kiothi/movegen"
)

// A database read from a file maps it (map_unix.go): its entries are the
// file's bytes as they are now, not as they were checked. A file
// truncated or rewritten in place (cp over it) under a running engine
// leaves a mapping that faults (SIGBUS) where the file no longer reaches
// and holds other bytes where it does. So:
//
//   - Fresh, which an engine calls before each search (one stat, never a
//     probe), compares the file's identity (device, inode, size,
//     modification time) with the one it was read with; a changed file
//     is read again (Open, with every check), or dropped when that
//     fails.
//   - A goroutine that probes runs with debug.SetPanicOnFault(true), set
//     once when it starts, and defers Recovered, which turns a fault in a
//     database's mapping into an error and drops that database.
//
// What neither can see: bytes overwritten in place with the same size
// and modification time (touch -r), which are read as they are, or a
// change during a search that does not fault. Replacing the file by a
// rename (mv, kiothi egdb build --out, make egdb) is always safe: the
// mapping keeps the old file's bytes.
type liveFile struct {
	path string      // the file read ("" for a database not read from one)
	fi   os.FileInfo // its identity when read
	gone atomic.Pointer[goneDB]
}

// goneDB is what replaced a database: next (nil when none could be read)
// and the note that says so.
type goneDB struct {
	next *DB
	note string
}

// changed reports whether d's file is no longer the one it was read
// from.
func (d *DB) changed() bool {
	fi, err := os.Stat(d.live.path)
	return err != nil || !os.SameFile(fi, d.live.fi) || fi.Size() != d.live.fi.Size() || !fi.ModTime().Equal(d.live.fi.ModTime())
}

// replace records what replaces d, its file changed: the file read again,
// or nil with why not.
func (d *DB) replace() *goneDB {
	g := &goneDB{}
	next, err := Open(d.live.path)
	if err != nil {
		g.note = fmt.Sprintf("the endgame database %s changed on disk and is no longer used: %v", d.live.path, err)
	} else {
		g.next, g.note = next, fmt.Sprintf("the endgame database %s changed on disk: read again", d.live.path)
	}
	if !d.live.gone.CompareAndSwap(nil, g) {
		return d.live.gone.Load()
	}
	return g
}

// Fresh returns the database to use in d's place under rules r, and a
// note saying why when it is not d: d's file changed and was read again
// (the new database, when built for r) or could not be (nil), or reading
// d's mapping faulted (nil). It costs one stat of the file, so an engine
// calls it once a search, not a probe. A nil d, or one not read from a
// file, is always fresh.
func (d *DB) Fresh(r movegen.Rules) (*DB, string) {
	if d == nil || d.live.path == "" {
		return d, ""
	}
	cur, note := d, ""
	for cur != nil {
		g := cur.live.gone.Load()
		if g == nil {
			if !cur.changed() {
				break
			}
			g = cur.replace()
		}
		cur, note = g.next, g.note
	}
	if cur == d {
		return d, ""
	}
	if cur != nil {
		if err := cur.CheckRules(cur.live.path, r); err != nil {
			return nil, fmt.Sprintf("the endgame database %s changed on disk and is no longer used: %v", d.live.path, err)
		}
	}
	return cur, note
}

// mappings are the mapped databases' address ranges, for Recovered.
var mappings struct {
	sync.Mutex
	dbs []mapped
}

type mapped struct {
	lo, hi uintptr
	db     *DB
}

// register records d's mapping all.
func register(d *DB, all []byte) {
	if len(all) == 0 {
		return
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(all)))
	mappings.Lock()
	mappings.dbs = append(mappings.dbs, mapped{lo, lo + uintptr(len(all)), d})
	mappings.Unlock()
}

// mappedAt returns the database whose mapping holds addr, or nil.
func mappedAt(addr uintptr) *DB {
	mappings.Lock()
	defer mappings.Unlock()
	for _, m := range mappings.dbs {
		if addr >= m.lo && addr < m.hi {
			return m.db
		}
	}
	return nil
}

// FaultError is a fault while reading a database's mapping: its file
// changed under the engine.
type FaultError struct{ Path string }

func (e *FaultError) Error() string {
	return fmt.Sprintf("the endgame database %s could not be read (the file changed under the engine) and is no longer used", e.Path)
}

// Recovered takes what recover returned in a goroutine that probes with
// debug.SetPanicOnFault(true): nil for none; a fault in a database's
// mapping drops that database (Fresh gives nil after it) and returns a
// *FaultError; anything else panics again. Use it as
//
//	defer func(old bool) {
//		debug.SetPanicOnFault(old)
//		if err := egdb.Recovered(recover()); err != nil { ... }
//	}(debug.SetPanicOnFault(true))
func Recovered(r any) error {
	if r == nil {
		return nil
	}
	if f, ok := r.(interface{ Addr() uintptr }); ok {
		if d := mappedAt(f.Addr()); d != nil {
			err := &FaultError{d.live.path}
			d.live.gone.CompareAndSwap(nil, &goneDB{note: err.Error()})
			return err
		}
	}
	panic(r)
}

// recoverMapped is Recovered for a mapping all not yet registered (a
// file being checked): a fault in it is an error, anything else panics
// again.
func recoverMapped(r any, all []byte) error {
	if r == nil {
		return nil
	}
	if f, ok := r.(interface{ Addr() uintptr }); ok && len(all) > 0 {
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(all)))
		if a := f.Addr(); a >= lo && a < lo+uintptr(len(all)) {
			return fmt.Errorf("the file changed while it was read")
		}
	}
	return Recovered(r)
}

// Lost reports whether d was replaced or dropped (Fresh no longer gives
// d): its file changed, or reading it faulted. It costs one atomic load.
func (d *DB) Lost() bool { return d != nil && d.live.gone.Load() != nil }
