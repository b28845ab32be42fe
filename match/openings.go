// The openings file: one start position per line.

package match

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/kiothi/kiothi/position"
)

// ParseOpenings reads an openings file: one position per line in the
// notation of RULES.md §7, or startpos / startpos25; blank lines and text
// after '#' are ignored. A malformed line is an error naming its number.
func ParseOpenings(r io.Reader) ([]position.Position, error) {
	var out []position.Position
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		p, err := ParseStart(line)
		if err != nil {
			return nil, fmt.Errorf("openings line %d: %v", n, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("openings: %v", err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("openings: no position in the file")
	}
	return out, nil
}

// ParseStart reads one start position: startpos, startpos25 or a position
// string (position.ParseStart).
func ParseStart(s string) (position.Position, error) { return position.ParseStart(s) }
