// The checked mark: a database file's checksum is checked once for each
// version of the file, not at every open.

package egdb

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kiothi/kiothi/internal/wholefile"
)

// A file's checksum costs a read of all of it (696 MB for layers 0 to
// 14, about 0.09 s of CPU at memory speed), which a one-position
// `kiothi solve` would pay at every start. So once the check passes,
// Open writes beside the file (FILE.checked) what identifies this
// version of it: device, inode, size, modification and status-change
// times, and the checksum the file ends with. The next Open that finds
// that line, the same as the file's own, skips the check.
//
// Any write, rename or touch of the file gives it a new status-change
// time (ctime), which no program can set back, so a stamp never vouches
// for bytes it did not see; what it cannot see is damage below the file
// system (the disk's own checks are for that; `kiothi egdb verify` and
// ReadFile check every byte). A file changed within stampMargin before
// its check began gets no stamp: its ctime would not tell a change in
// the same clock tick from the version checked (git's "racy" index
// entries). Writing the stamp is best effort: a folder the user cannot
// write leaves the check at every open.

// stampMargin is how long a file must have been unchanged, before its
// check began, to be stamped.
var stampMargin = time.Second

// stampMax bounds the stamp file's bytes read.
const stampMax = 512

// StampPath is the stamp file of the database in path.
func StampPath(path string) string { return path + ".checked" }

// stampLine is the stamp of the file fi with the checksum sum, and
// whether this system tells a file's version (identity).
func stampLine(fi os.FileInfo, sum uint32) ([]byte, time.Time, bool) {
	id, ctime, ok := identity(fi)
	if !ok {
		return nil, time.Time{}, false
	}
	return fmt.Appendf(nil, "kiothi egdb format %d checked: %s crc32c %08x\n", fileVersion, id, sum), ctime, true
}

// stamped reports whether path's stamp file holds line.
func stamped(path string, line []byte) bool {
	b, err := wholefile.ReadFile(StampPath(path), stampMax, "a stamp file")
	return err == nil && bytes.Equal(b, line)
}

// stamp writes line (stampLine's, with the file's ctime) as path's
// stamp file after a check that began at begin, when the file is still
// that version and was unchanged for stampMargin before begin. Errors
// are dropped: the stamp only saves work.
func stamp(path string, line []byte, ctime time.Time, sum uint32, begin time.Time) {
	if !ctime.Before(begin.Add(-stampMargin)) {
		return
	}
	now, err := os.Stat(path)
	if err != nil {
		return
	}
	if again, _, ok := stampLine(now, sum); !ok || !bytes.Equal(again, line) {
		return
	}
	_ = wholefile.Write(StampPath(path), func(w io.Writer) error {
		_, err := w.Write(line)
		return err
	})
}
