// A file's version on Linux, for the checked mark (stamp.go).

package egdb

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

// identity returns what tells this version of the file fi from any
// other, and its status-change time.
func identity(fi os.FileInfo) (string, time.Time, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return "", time.Time{}, false
	}
	ctime := time.Unix(st.Ctim.Unix())
	return fmt.Sprintf("dev %d ino %d size %d mtime %d ctime %d",
		st.Dev, st.Ino, st.Size, time.Unix(st.Mtim.Unix()).UnixNano(), ctime.UnixNano()), ctime, true
}
