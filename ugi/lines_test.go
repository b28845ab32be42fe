// Tests of the info lines a go prints: sorted and complete at every
// depth, the last ones the played move's.

package ugi

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/search"
)

// infoLine is the part of an info line these tests read.
type infoLine struct {
	depth, multipv, key int // key: the score in the search's order
	pv                  []string
}

// parseInfo reads an "info depth ..." line (ok false for other lines).
func parseInfo(l string) (infoLine, bool, error) {
	f := strings.Fields(l)
	if len(f) < 2 || f[0] != "info" || f[1] != "depth" {
		return infoLine{}, false, nil
	}
	var in infoLine
	for k := 1; k < len(f); k++ {
		var err error
		switch f[k] {
		case "depth":
			in.depth, err = strconv.Atoi(f[k+1])
		case "multipv":
			in.multipv, err = strconv.Atoi(f[k+1])
		case "score":
			in.key, err = strconv.Atoi(f[k+2])
			if f[k+1] == "proven" {
				in.key = search.Proven(100 * in.key)
			}
		case "pv":
			in.pv = f[k+1:]
			k = len(f)
		}
		if err != nil {
			return in, true, fmt.Errorf("%q: %v", l, err)
		}
	}
	return in, true, nil
}

// checkGroups checks info lines in the order printed: groups of one
// depth, lines multipv 1..want, scores non-increasing; the last group is
// a completed depth's (as printed before at that depth, if it was) and
// its first line begins with best.
func checkGroups(infos []infoLine, want int, best string) error {
	var groups [][]infoLine
	for _, in := range infos {
		if in.multipv == 1 {
			groups = append(groups, nil)
		}
		if len(groups) == 0 {
			return fmt.Errorf("multipv %d first", in.multipv)
		}
		g := &groups[len(groups)-1]
		if in.multipv != len(*g)+1 {
			return fmt.Errorf("depth %d: multipv %d after %d lines", in.depth, in.multipv, len(*g))
		}
		if n := len(*g); n > 0 && ((*g)[n-1].depth != in.depth || (*g)[n-1].key < in.key) {
			return fmt.Errorf("depth %d multipv %d (score %d) after depth %d (score %d)", in.depth, in.multipv, in.key, (*g)[n-1].depth, (*g)[n-1].key)
		}
		*g = append(*g, in)
	}
	if len(groups) == 0 {
		return fmt.Errorf("no info lines")
	}
	for _, g := range groups {
		if len(g) != want {
			return fmt.Errorf("depth %d: %d lines, want %d", g[0].depth, len(g), want)
		}
	}
	last := groups[len(groups)-1]
	for _, g := range groups[:len(groups)-1] {
		if g[0].depth == last[0].depth && !slices.EqualFunc(g, last, func(a, b infoLine) bool {
			return a.key == b.key && slices.Equal(a.pv, b.pv)
		}) {
			return fmt.Errorf("depth %d printed twice with different lines", g[0].depth)
		}
	}
	if len(last[0].pv) == 0 || last[0].pv[0] != best {
		return fmt.Errorf("last line's pv %v: want it to begin with bestmove %s", last[0].pv, best)
	}
	return nil
}

// TestGoLinesSortedAndFinal: over the protocol, a go's info lines are
// sorted and complete at every depth and the last ones are the played
// move's, for searches stopped by movetime, nodes and stop.
func TestGoLinesSortedAndFinal(t *testing.T) {
	h := startSession(t, Config{})
	h.send("setoption name MultiPV value 3", "setoption name Hash value 2")
	h.want("isready", "readyok")
	for _, pos := range []string{
		"1.2.1.0.4.3.2.4.19.1/4.3.0.3.0.3.2.1.3.6 1-0 s 4",
		"3.3.5.0.1.2.0.3.6*.6/1.3.4.2.0.4.0.3.5.4 2-3 s 9",
	} {
		for _, goCmd := range []string{"go movetime 150", "go nodes 40000", "go nodes 91733", "go infinite"} {
			t.Run(pos+" "+goCmd, func(t *testing.T) {
				h := h.on(t)
				h.send("uginewgame", "position fen "+pos, goCmd)
				var infos []infoLine
				for {
					if goCmd == "go infinite" && len(infos) == 12 {
						h.send("stop") // a few depths out, inside one
					}
					l := h.next()
					if m, ok := strings.CutPrefix(l, "bestmove "); ok {
						if err := checkGroups(infos, 3, strings.Fields(m)[0]); err != nil {
							t.Error(err)
						}
						return
					}
					in, ok, err := parseInfo(l)
					if err != nil {
						t.Fatal(err)
					}
					if ok {
						infos = append(infos, in)
					}
				}
			})
		}
	}
	h.quit()
}
