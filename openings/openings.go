// Package openings reads an openings file: the start positions of a
// match, a datagen run or an SPSA tuning, one a line.
package openings

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/kiothi/kiothi/position"
)

// Parse reads an openings file: one position per line in the
// notation of RULES.md §7, or startpos / startpos25; blank lines and text
// after '#' are ignored. A malformed line is an error naming its number.
func Parse(r io.Reader) ([]position.Position, error) {
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
		p, err := position.ParseStart(line)
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
