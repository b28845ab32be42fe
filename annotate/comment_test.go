// Tests of the review's comments recognised in a reviewed PGN.

package annotate

import "testing"

func TestOwnComment(t *testing.T) {
	review := []string{
		"+1.36 -> +1.36",
		"-2.10 -> -8.91, blunder ?? (expected score 0.32 -> 0.04), best EF:E5F5 (-2.10)",
		"+0.20 -> +0.10, inaccuracy ?! (expected score 0.52 -> 0.47)",
		"+1.10 -> +1.10, only move",
		"+12.00 proven -> +12.00 proven",
		"+3.00 -> -12.00 proven, mistake ? (expected score 0.60 -> 0.00), only move, best j1 (+3.00)",
	}
	for _, r := range review {
		for _, c := range []struct{ in, want string }{
			{r, ""},
			{"a fine move; " + r, "a fine move"},
			{"+1.25/14 0.020s; " + r, "+1.25/14 0.020s"},
			{"+M4/100 0.020s; " + r, "+M4/100 0.020s"},
			{r + " " + r, ""},
			{"book move " + r + " played fast", "book move played fast"},
		} {
			if got := OwnComment(c.in); got != c.want {
				t.Errorf("OwnComment(%q) = %q, want %q", c.in, got, c.want)
			}
		}
	}
	// A user's words, a match's scores and look-alikes are kept.
	for _, c := range []string{
		"",
		"the only move",
		"+1.25/14 0.020s",
		"M0/100 0.001s",
		"+1.36 is better -> than -2",
		"a blunder ?? here",
		"+1.36->+1.36",
	} {
		if got := OwnComment(c); got != c {
			t.Errorf("OwnComment(%q) = %q, want it kept", c, got)
		}
	}
	// What Describe writes is what OwnComment drops.
	for _, m := range []Move{
		{Before: 136, After: 136},
		{Before: -210, After: -891, Class: Blunder, BestWin: 0.32, Win: 0.04, Best: "EF:E5F5", BestAfter: -210, Move: "EH:a1b2d2f1j1C1D1J1"},
		{Before: 1200, BeforeProven: true, After: 1200, AfterProven: true, Only: true},
	} {
		if d := m.Describe(); OwnComment(withReview("mine", d)) != "mine" || OwnComment(d) != "" {
			t.Errorf("Describe() %q is not recognised", d)
		}
	}
}
