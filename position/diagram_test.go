// Tests of the board diagram: facing pits share a column, counts and nki
// marks are where the pit letters say.

package position_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func TestDiagram(t *testing.T) {
	p, err := position.Parse("0.0.24*.1.1*.0.1.1*.2.0/1.0.0.1*.2*.1.0.2.0.0 11-3 s 42")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := position.ParseMove("c3")
	d := position.Diagram(p, position.PlayMove(m))
	lines := strings.Split(strings.TrimSuffix(d, "\n"), "\n")
	if len(lines) < 5 {
		t.Fatalf("diagram too short:\n%s", d)
	}
	letters := func(l string) []string { return strings.Fields(l) }
	north, south := letters(lines[0]), letters(lines[3])
	if strings.Join(north, "") != "JIHGFEDCBA" || strings.Join(south, "") != "abcdefghij" {
		t.Fatalf("letter rows %v / %v:\n%s", north, south, d)
	}
	for r, row := range []struct {
		line  string
		label string
		pits  []string
		side  position.Side
	}{{lines[1], "North", north, position.North}, {lines[2], "South", south, position.South}} {
		if !strings.HasPrefix(row.line, row.label) {
			t.Fatalf("row %d %q: want it to start with %s", r, row.line, row.label)
		}
		f := strings.Fields(row.line)
		for k, name := range row.pits {
			i, _ := position.ParsePit(name[0])
			want := strconv.Itoa(p.Count(i))
			if p.Nki(i) {
				want += "*"
			}
			if f[1+k] != want {
				t.Errorf("pit %s shows %q, want %q", name, f[1+k], want)
			}
			// The count's last digit sits under the pit's letter.
			col := strings.Index(lines[3*r], name)
			if c := row.line[col]; c < '0' || c > '9' {
				t.Errorf("pit %s: column %d of %q is %q, not its count", name, col, row.line, c)
			}
		}
		wantPrison := "prison " + strconv.Itoa(p.Prison(row.side))
		if !strings.Contains(row.line, wantPrison) {
			t.Errorf("row %q lacks %q", row.line, wantPrison)
		}
		if strings.Contains(row.line, "to move") != (p.Side() == row.side) {
			t.Errorf("row %q: wrong side-to-move mark", row.line)
		}
	}
	for _, want := range []string{"turn 42, South to move", "nki", "last move: c3"} {
		if !strings.Contains(d, want) {
			t.Errorf("diagram lacks %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, " \n") {
		t.Errorf("diagram has trailing spaces:\n%q", d)
	}
	if s := position.Diagram(position.Start(30)); !strings.Contains(s, "opening") || strings.Contains(s, "nki") {
		t.Errorf("start diagram:\n%s", s)
	}
}
