// Tests of the set generator: reproducible, every kept position labelled
// as Label labels it and in range, the node bound dropping positions, and
// the file it writes parsing back with its counts.

package accuracy

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/solve"
)

func TestGenerate(t *testing.T) {
	o := GenerateOptions{Lo: 8, Hi: 12, N: 4, Seed: 5, HashMB: 1}
	calls := 0
	g, err := Generate(context.Background(), o, func(*Generated) error { calls++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Items) != o.N || g.Tried != len(g.Items)+g.Unproven+g.Flat || g.Unproven != 0 || calls != g.Tried || g.Games < o.N {
		t.Fatalf("%d items, %+v, %d calls", len(g.Items), *g, calls)
	}
	again, err := Generate(context.Background(), o, nil)
	if err != nil {
		t.Fatal(err)
	}
	text := g.FileText(o)
	if again.FileText(o) != text {
		t.Errorf("two runs differ:\n%s\n%s", text, again.FileText(o))
	}
	for _, it := range g.Items {
		if bt := it.Pos.BoardTotal(); bt < o.Lo || bt > o.Hi || it.Best() == minValue(it.Values) {
			t.Errorf("%s: %d warriors, values %v", it.Pos, bt, it.Values)
		}
		want, ok, err := Label(context.Background(), it.Pos, rules, solve.NewMemTable(1), 0, nil)
		if err != nil || !ok || want.Format() != it.Format() {
			t.Errorf("%s: labelled %q, generated %q", it.Pos, want.Format(), it.Format())
		}
	}
	items, err := Parse(strings.NewReader(text), rules)
	if err != nil || len(items) != o.N {
		t.Fatalf("the file parses to %d items, err %v", len(items), err)
	}
	counts := fmt.Sprintf("%d games, %d positions tried, %d dropped", g.Games, g.Tried, g.Unproven)
	if !strings.Contains(strings.ReplaceAll(text, "\n# ", " "), counts) || strings.Contains(text, "stopped") {
		t.Errorf("header lacks %q or says stopped:\n%s", counts, text)
	}
}

// TestGenerateNodeBound: positions not proven within the bound are
// dropped and counted, and a run stopped early says so.
func TestGenerateNodeBound(t *testing.T) {
	o := GenerateOptions{Lo: 20, Hi: 26, N: 3, Seed: 1, Nodes: 1, HashMB: 1}
	stop := errors.New("stop")
	g, err := Generate(context.Background(), o, func(g *Generated) error {
		if g.Tried == 3 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || g.Tried != 3 || g.Unproven != 3 || len(g.Items) != 0 {
		t.Fatalf("%+v err %v", g, err)
	}
	if text := g.FileText(o); !strings.Contains(text, "3 dropped as\n# not proven") || !strings.Contains(text, "stopped at 0 of the 3") {
		t.Errorf("header:\n%s", text)
	}
	if _, err := Generate(context.Background(), GenerateOptions{Lo: 30, Hi: 20, N: 1}, nil); err == nil {
		t.Error("lo above hi accepted")
	}
}
