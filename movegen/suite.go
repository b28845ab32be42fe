// Perft suite files: "<position> ;D1 n ;D2 n ...", '#' comments.

package movegen

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

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

// SuiteCheck is one suite position's check.
type SuiteCheck struct {
	Entry  SuiteEntry
	Depth  int    // the deepest depth counted: the one that failed, else the last asked (0: skipped)
	Got    uint64 // the count at Depth
	Err    error  // perft's error at Depth, if any
	Failed bool   // the count at Depth differs from Entry's, or perft failed there
	// Leaves counted and the time spent counting them, for play-phase
	// positions (the opening's counts come from a formula, not a walk).
	PlayNodes uint64
	PlayTime  time.Duration
}

// CheckSuite counts each entry at depths 1 to deepest(entry) (0: skip
// it), stopping an entry at its first wrong count, and reports each
// entry's check as it ends; at, if set, is called before each count
// (entry index and depth: progress). It returns ctx's error when ctx ends
// first. The CLI's perft --suite and the suite tests both check through
// it.
func CheckSuite(ctx context.Context, entries []SuiteEntry, o PerftOptions, deepest func(SuiteEntry) int,
	at func(k, depth int), report func(SuiteCheck)) error {
	for k, e := range entries {
		c := SuiteCheck{Entry: e}
		for d := 1; d <= deepest(e); d++ {
			if at != nil {
				at(k, d)
			}
			start := time.Now()
			got, err := Perft(ctx, e.Position, d, o)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if e.Position.Phase() == position.Play && err == nil {
				c.PlayNodes += got
				c.PlayTime += time.Since(start)
			}
			c.Depth, c.Got, c.Err = d, got, err
			if err != nil || got != e.Expected[d-1] {
				c.Failed = true
				break
			}
		}
		report(c)
	}
	return nil
}
