// Tests that input of any size is bounded: long lines and long echoes.

package play

import (
	"strings"
	"testing"

	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

// TestLongLineRefused: a line over limits.MaxLine is refused without
// being echoed, and the session goes on to the next line.
func TestLongLineRefused(t *testing.T) {
	var out strings.Builder
	in := strings.Repeat("x", limits.MaxLine+100) + "\nquit\n"
	cfg, _ := fakeConfig(in, &out)
	if err := Run(cfg); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "longer than") {
		t.Errorf("no refusal of the long line in %q", tail(out.String()))
	}
	if out.Len() > 10000 {
		t.Errorf("%d bytes of output for a refused line: the input is echoed", out.Len())
	}
	if !strings.Contains(out.String(), "Goodbye") {
		t.Errorf("the session did not go on to quit: %q", tail(out.String()))
	}
}

// TestBadInputEchoShort: a bad entry just under the line cap is answered
// with a short excerpt of it, not the whole line.
func TestBadInputEchoShort(t *testing.T) {
	for _, bad := range []string{
		"e" + strings.Repeat("9", 500000),       // a move with an absurd count
		"ij:a" + strings.Repeat("3", 500000),    // an opening move
		strings.Repeat("hello ", 100000),        // many words
		"level " + strings.Repeat("1s", 200000), // a bad level
	} {
		t.Run(bad[:10], func(t *testing.T) {
			var out strings.Builder
			cfg, _ := fakeConfig(bad+"\nquit\n", &out)
			if err := Run(cfg); err != nil {
				t.Fatal(err)
			}
			if out.Len() > 10000 {
				t.Errorf("%q...: %d bytes of output: the input is echoed", bad[:10], out.Len())
			}
		})
	}
}

func tail(s string) string {
	if len(s) > 300 {
		return s[len(s)-300:]
	}
	return s
}

// TestLonePit: a pit typed alone is answered with what a move is made of
// (a pit and a count) and the moves from that pit, at a redistribution
// and in play.
func TestLonePit(t *testing.T) {
	p, err := position.Parse("0.0.0.0.5.5.5.5.5.6/0.0.0.0.4.5.5.5.5.6 0-0 s 3")
	if err != nil {
		t.Fatal(err)
	}
	var list movegen.MoveList
	n := movegen.Generate(&p, movegen.Rules{}, &list)
	var fromG []string
	for _, m := range list[:n] {
		if position.PitName(m.Pit()) == "g" {
			fromG = append(fromG, m.String())
		}
	}
	if len(fromG) == 0 {
		t.Fatalf("test position has no move from g: %v", list[:n])
	}
	cases := []struct {
		name  string
		start *position.Position
		want  string
	}{
		{"play", &p, `"g" is a pit: a move is a pit and the number of warriors to lift from it. From g you may play ` + strings.Join(fromG, " ") + "."},
		{"empty pit", &p, `"a" is a pit: a move is a pit and the number of warriors to lift from it (e.g. ` + list[0].String() + `); a has no legal move now.`},
		{"redistribution", nil, `"g" is one pit: this turn is a redistribution; type two of your pits to empty`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out strings.Builder
			pit := "g"
			if c.name == "empty pit" {
				pit = "a"
			}
			cfg, _ := fakeConfig(pit+"\nquit\n", &out)
			cfg.Start = c.start
			if err := Run(cfg); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), c.want) {
				t.Errorf("answer to %q does not say\n%s\nin\n%s", pit, c.want, tail(out.String()))
			}
		})
	}
}
