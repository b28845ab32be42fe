// Reading protocol lines of bounded length.
package ugi

import (
	"bufio"
	"strings"
)

// maxLine bounds one command line; a whole game's move list is far shorter.
const maxLine = 1 << 20

// readLine returns the next line without its line ending. A line longer
// than maxLine is skipped and reported as tooLong rather than ending the
// session. err is only set when nothing more can be read.
func readLine(r *bufio.Reader) (line string, tooLong bool, err error) {
	var buf []byte
	got := false
	for {
		chunk, e := r.ReadSlice('\n')
		if len(chunk) > 0 {
			got = true
		}
		if !tooLong {
			if len(buf)+len(chunk) > maxLine+2 {
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
		if tooLong {
			return "", true, nil
		}
		return strings.TrimRight(string(buf), "\r\n"), false, nil
	}
}
