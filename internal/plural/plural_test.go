// Tests of the counted nouns.

package plural

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "game", "0 games"},
		{1, "game", "1 game"},
		{2, "game", "2 games"},
		{-1, "warrior", "-1 warrior"},
		{1, "position", "1 position"},
		{12, "position", "12 positions"},
		{3, "search", "3 searches"},
		{1, "search", "1 search"},
		{2, "entry", "2 entries"},
		{2, "ply", "2 plies"},
		{5, "inaccuracy", "5 inaccuracies"},
		{2, "day", "2 days"},
		{2, "box", "2 boxes"},
		{2, "only move", "2 only moves"},
		{1, "only move", "1 only move"},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
	if got := Of(""); got != "" {
		t.Errorf("Of(\"\") = %q", got)
	}
}
