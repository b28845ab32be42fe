// Fuzz targets for the three parsers: no input panics, and whatever parses
// prints back to itself.

package position_test

import (
	"testing"

	"github.com/kiothi/kiothi/position"
)

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1",
		"0.0.24*.1.1*.0.1.1*.2.0/1.0.0.1*.2*.1.0.2.0.0 11-3 s 42",
		"2.5.2.5.2.1.0.1.0.1/6.3.2.3.2.3.0.1.2.2 0-17 n 3",
		"63.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 n 65535",
		"0.0.0*.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 3",
		"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5 0-0 s 1",
		"05.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 01",
		"", "/ - s 1", "******",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := position.Parse(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("Parse(%q): empty error", s)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("Parse(%q) accepted an invalid position: %v", s, err)
		}
		out := p.String()
		q, err := position.Parse(out)
		if err != nil || q != p || q.String() != out {
			t.Fatalf("Parse(%q) prints %q, which parses back as %s (%v)", s, out, q, err)
		}
		_ = position.Diagram(p)
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e5", "C12", "j63", "a0", "k1", "e64", "", "J", "e05"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := position.ParseMove(s)
		if err != nil {
			return
		}
		if m.Pit() >= position.NumPits || m.Count() < 1 || m.Count() > position.MaxTotal {
			t.Fatalf("ParseMove(%q) = pit %d, count %d", s, m.Pit(), m.Count())
		}
		q, err := position.ParseMove(m.String())
		if err != nil || q != m {
			t.Fatalf("ParseMove(%q) prints %q, which parses back as %v (%v)", s, m, q, err)
		}
		g, err := position.ParseGameMove(s)
		if err != nil || g.Redistribution || g.Play != m {
			t.Fatalf("ParseGameMove(%q) = %v, %v; ParseMove gave %s", s, g, err, m)
		}
	})
}

func FuzzParseOpeningMove(f *testing.F) {
	for _, s := range []string{"ij:a3b2F5", "eJ:", "ab:J63", "ji:a3", "ij:a0", "ij:b2a3", ":", "ij:a3b", "ij:a003"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := position.ParseOpeningMove(s)
		if err != nil {
			return
		}
		if m.Pits[0] >= m.Pits[1] || m.Pits[1] >= position.NumPits {
			t.Fatalf("ParseOpeningMove(%q): pits %v", s, m.Pits)
		}
		q, err := position.ParseOpeningMove(m.String())
		if err != nil || q != m {
			t.Fatalf("ParseOpeningMove(%q) prints %q, which parses back as %v (%v)", s, m, q, err)
		}
		g, err := position.ParseGameMove(s)
		if err != nil || !g.Redistribution || g.Opening != m {
			t.Fatalf("ParseGameMove(%q) = %v, %v", s, g, err)
		}
	})
}
