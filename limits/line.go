// Reading input lines of bounded length.

package limits

import (
	"bufio"
	"strings"
)

// MaxLine bounds one input line (a protocol command, a typed move); a
// whole game's move list is far shorter.
const MaxLine = 1 << 20

// ReadLine returns the next line without its line ending. A line longer
// than MaxLine is read to its end without being kept and reported as
// tooLong, so a session survives it. err is set only when nothing more
// can be read.
func ReadLine(r *bufio.Reader) (line string, tooLong bool, err error) {
	var buf []byte
	got := false
	for {
		chunk, e := r.ReadSlice('\n')
		if len(chunk) > 0 {
			got = true
		}
		if !tooLong {
			if len(buf)+len(chunk) > MaxLine+2 {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if e == bufio.ErrBufferFull {
			continue
		}
		if e != nil && !got {
			return "", false, e
		}
		line := strings.TrimRight(string(buf), "\r\n")
		if tooLong || len(line) > MaxLine {
			return "", true, nil
		}
		return line, false, nil
	}
}
