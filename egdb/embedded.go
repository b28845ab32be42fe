// The database built into the program: layers 0 to EmbeddedMax, what
// the egdb setting's auto reads when no file stands beside the program.

package egdb

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"sync"

	"github.com/kiothi/kiothi/limits"
)

// EmbeddedMax is the last layer of the built-in database: 15 MB in
// memory, 4.5 MB in the program (gzip), and at 20 ms a move nearly all
// that layers 0 to 12 give (docs/solve.md).
const EmbeddedMax = 10

// embeddedGz is the file kiothi egdb build --max 10 writes, gzipped
// (make embedded-egdb).
//
//go:embed embedded.kdb.gz
var embeddedGz []byte

// embeddedName names the built-in database in errors.
const embeddedName = "the built-in endgame database"

var embedded = sync.OnceValues(func() (*DB, error) {
	size := headerSize + Bytes(EmbeddedMax) + 4
	if err := limits.CheckMemory(embeddedName, (size+1<<20-1)>>20); err != nil {
		return nil, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(embeddedGz))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", embeddedName, err)
	}
	all := make([]byte, size+1) // one byte more than a good file: a longer one is seen
	n, err := io.ReadFull(zr, all)
	if err != nil && err != io.ErrUnexpectedEOF {
		return nil, fmt.Errorf("%s: %v", embeddedName, err)
	}
	return fromBytes(embeddedName, all[:n], true)
})

// Embedded returns the database built into the program (read once per
// process; an error only when this program was built with a damaged
// one).
func Embedded() (*DB, error) { return embedded() }
