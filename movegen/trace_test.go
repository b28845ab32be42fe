// Tests of TraceMove on RULES.md §9's worked examples.

package movegen

import (
	"fmt"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func TestTraceMove(t *testing.T) {
	cases := []struct {
		pos, move         string
		source, landing   string
		captured, outcome string
	}{
		// Opposite capture of H: b1 lands in empty c.
		{"0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4.0.0 0-0 s 3", "b1", "b", "c", "[H]", ""},
		// H is nki: nothing captured.
		{"0.1.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.4*.0.0 0-0 s 3", "b1", "b", "c", "[]", ""},
		// j11 ends in a: opposite J and the leftmost bonus I, H, G.
		{"0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3.0.1 0-0 s 3", "j11", "j", "a", "[G H I J]", ""},
		// Lap A..J ends in occupied J; the relay sows a, b and ends in empty b, capturing I.
		{"0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3.0.1 0-0 s 3", "j10", "j", "b", "[I]", ""},
		{"0.2.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 s 3", "b1", "", "", "", "first-lap"},
	}
	for _, c := range cases {
		p, err := position.Parse(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := position.ParseMove(c.move)
		want, ws := MakeMove(p, m, Rules{})
		got, tr, s := TraceMove(p, m, Rules{})
		if s != ws || got != want {
			t.Errorf("%s %s: got %v %s, want MakeMove's %v %s", c.pos, c.move, s, got, ws, want)
			continue
		}
		if s != Legal {
			continue
		}
		names := []string{}
		for _, i := range tr.Captured {
			names = append(names, position.PitName(i))
		}
		if position.PitName(tr.Source) != c.source || position.PitName(tr.Landing) != c.landing || fmt.Sprint(names) != c.captured {
			t.Errorf("%s %s: trace %s -> %s captured %v, want %s -> %s captured %s", c.pos, c.move,
				position.PitName(tr.Source), position.PitName(tr.Landing), names, c.source, c.landing, c.captured)
		}
	}
}
