// Tests of the diagram's styles: the last move marked, colour, the
// position line, and the plain diagram's columns kept.

package position_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/position"
)

var ansiCode = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestDiagramStyle(t *testing.T) {
	p, err := position.Parse("0.0.24*.1.1*.0.1.1*.2.0/1.0.0.1*.2*.1.0.2.0.0 11-3 n 42")
	if err != nil {
		t.Fatal(err)
	}
	om, err := position.ParseOpeningMove("EH:A10")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := position.ParseMove("c3")
	for _, last := range []position.GameMove{position.PlayMove(m), position.Redistribute(om)} {
		plain := position.Diagram(p, last)
		if got := (position.DiagramStyle{}).Draw(p, last); got != plain {
			t.Fatalf("zero style differs from Diagram:\n%s\n%s", got, plain)
		}
		full := position.DiagramStyle{Color: true, MarkLast: true, Position: true}.Draw(p, last)
		if !strings.Contains(full, "\x1b[7m") || !strings.Contains(full, "\x1b[33m") || !strings.Contains(full, "\x1b[32m") {
			t.Errorf("colour codes missing:\n%q", full)
		}
		noColor := ansiCode.ReplaceAllString(full, "")
		if noColor != (position.DiagramStyle{MarkLast: true, Position: true}).Draw(p, last) {
			t.Errorf("colour changes more than the codes:\n%s", noColor)
		}
		// Brackets replace the spaces around the lifted pits' letters;
		// without them the diagram is the plain one plus the position.
		lines := strings.Split(noColor, "\n")
		var lifted []string
		for _, l := range []string{lines[0], lines[3]} {
			for _, f := range strings.Fields(l) {
				if strings.HasPrefix(f, "[") {
					lifted = append(lifted, strings.Trim(f, "[]"))
				}
			}
		}
		want := []string{"c"}
		if last.Redistribution {
			want = []string{"H", "E"}
		}
		if strings.Join(lifted, ",") != strings.Join(want, ",") {
			t.Errorf("marked pits %v, want %v:\n%s", lifted, want, noColor)
		}
		unmarked := strings.NewReplacer(" [", "  ", "]\n", "\n", "]", " ").Replace(noColor)
		if unmarked != plain+"position: "+p.String()+"\n" {
			t.Errorf("marked diagram, brackets removed:\n%s\nwant\n%s", unmarked, plain)
		}
	}
	// No last move: nothing marked.
	if d := (position.DiagramStyle{MarkLast: true}).Draw(p); strings.Contains(d, "[") {
		t.Errorf("marks without a last move:\n%s", d)
	}
}
