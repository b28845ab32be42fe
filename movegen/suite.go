// Perft suite files: "<position> ;D1 n ;D2 n ...", '#' comments.

package movegen

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kiothi/kiothi/position"
)

// SuiteEntry is one line of a perft suite: a position and its expected
// counts, Expected[d-1] for depth d.
type SuiteEntry struct {
	Line     int
	Position position.Position
	Expected []uint64
}

// ParseSuite reads a perft suite. Errors name the line.
func ParseSuite(r io.Reader) ([]SuiteEntry, error) {
	var out []SuiteEntry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, ";")
		p, err := position.Parse(strings.TrimSpace(parts[0]))
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		e := SuiteEntry{Line: line, Position: p}
		for k, f := range parts[1:] {
			w := strings.Fields(f)
			if len(w) != 2 || w[0] != "D"+strconv.Itoa(k+1) {
				return nil, fmt.Errorf("line %d: field %q: want \"D%d <count>\"", line, strings.TrimSpace(f), k+1)
			}
			n, err := strconv.ParseUint(w[1], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: D%d: %q is not a count", line, k+1, w[1])
			}
			e.Expected = append(e.Expected, n)
		}
		if len(e.Expected) == 0 {
			return nil, fmt.Errorf("line %d: no ;D1 count", line)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
