// Tests of the RULES.md §7 notation: the start positions, round trips and
// the errors malformed strings get.

package position_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/position"
)

func TestStartPositions(t *testing.T) {
	for _, c := range []struct {
		setup position.Setup
		want  string
		total int
	}{
		{30, "0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1", 60},
		{25, "0.0.0.0.0.5.5.5.5.5/0.0.0.0.0.5.5.5.5.5 0-0 s 1", 50},
	} {
		t.Run(fmt.Sprint("setup ", c.setup), func(t *testing.T) {
			p := position.Start(c.setup)
			if p.String() != c.want || p.Total() != c.total || p.Phase() != position.OpeningSouth {
				t.Errorf("Start(%d) = %s (%d warriors, phase %d), want %s", c.setup, p, p.Total(), p.Phase(), c.want)
			}
			q, err := position.Parse(c.want)
			if err != nil || q != p {
				t.Errorf("Parse(%q) = %s, %v; want Start(%d)", c.want, q, err, c.setup)
			}
		})
	}
}

func TestParseRoundTrip(t *testing.T) {
	for _, s := range []string{
		"0.0.24*.1.1*.0.1.1*.2.0/1.0.0.1*.2*.1.0.2.0.0 11-3 s 42",
		"2.5.2.5.2.1.0.1.0.1/6.3.2.3.2.3.0.1.2.2 0-17 n 3",
		"0.0.0.0.0.0.0.0.0.0/1.1.1.1.1.1.1.1.1.1 20-30 s 40",
		"63.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 n 65535",
		"0.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 33-30 s 7",
		"0.3.0.0.5.0.6.5.0.5/0.1.0.0.8.5.7.5.5.5 0-0 n 2",
	} {
		p, err := position.Parse(s)
		if err != nil {
			t.Errorf("Parse(%q): %v", s, err)
			continue
		}
		if p.String() != s {
			t.Errorf("Parse(%q).String() = %q", s, p.String())
		}
		if err := p.Validate(); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5 0-0 s 1", "row 2 has 9 pits, want 10"},
		{"0.0.0.0.5.5.5.5.5.5.1/0.0.0.0.5.5.5.5.5.5 0-0 s 1", "row 1 has 11 pits, want 10"},
		{"0.0.0.0.5.5.5.5.5.10/0.0.0.0.5.5.5.5.5.5 0-0 s 3", "65 warriors, at most 63"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 2-2 s 3", "64 warriors, at most 63"},
		{"0.0.0*.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 3", "nki mark on empty pit c"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.0* 0-0 s 3", "nki mark on empty pit J"},
		{"0.0.0.0.5*.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1", "nki marks during the opening"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 2", "turn 2 belongs to North"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 n 1", "turn 1 belongs to South"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s", "want 4 fields"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5  0-0 s 1", "want 4 fields"},
		{"0.0.0.0.5.5.5.5.5.5 0-0 s 1", "want two rows"},
		{"0.0.0.0.5.5.5.x.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 3", "pit h"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.64.5.5 0-0 s 3", "pit H"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.-1.5.5 0-0 s 3", "pit H"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0:0 s 3", "prisons"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-x s 3", "north prison"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 S 3", "side"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 0", "turn"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s +3", "turn"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 65536", "turn"},
		{"", "want 4 fields"},
	} {
		t.Run(c.in, func(t *testing.T) {
			_, err := position.Parse(c.in)
			if err == nil {
				t.Errorf("Parse(%q): no error, want %q", c.in, c.want)
			} else if !strings.Contains(err.Error(), c.want) {
				t.Errorf("Parse(%q): error %q, want it to say %q", c.in, err, c.want)
			}
		})
	}
}

func TestParseMoves(t *testing.T) {
	for _, c := range []struct {
		in       string
		pit, n   int
		rejected bool
	}{
		{"e5", 4, 5, false}, {"C12", 12, 12, false}, {"j63", 9, 63, false}, {"A1", 10, 1, false},
		{"e0", 0, 0, true}, {"k1", 0, 0, true}, {"e", 0, 0, true}, {"e64", 0, 0, true},
		{"e+1", 0, 0, true}, {"e 1", 0, 0, true}, {"", 0, 0, true}, {"e100", 0, 0, true},
	} {
		t.Run(c.in, func(t *testing.T) {
			m, err := position.ParseMove(c.in)
			if c.rejected {
				if err == nil {
					t.Errorf("ParseMove(%q) = %s, want an error", c.in, m)
				}
				return
			}
			if err != nil || m.Pit() != c.pit || m.Count() != c.n || m.String() != c.in {
				t.Errorf("ParseMove(%q) = %s (pit %d, n %d), %v", c.in, m, m.Pit(), m.Count(), err)
			}
		})
	}
	for _, c := range []struct {
		in, err string
	}{
		{"ij:a3b2F5", ""}, {"eJ:", ""}, {"ab:J63", ""},
		{"ji:a3", "board order"}, {"ii:a3", "board order"}, {"ij:b2a3", "board order"},
		{"ij:a0", "count from 1"}, {"ij:a", "count from 1"}, {"ij:x1", "not a pit"},
		{"ij", "want <pit><pit>:<drops>"}, {"i:a1", "exactly two"}, {"ijk:a1", "exactly two"},
		{"ij:a1a1", "board order"},
	} {
		t.Run(c.in, func(t *testing.T) {
			m, err := position.ParseOpeningMove(c.in)
			switch {
			case c.err == "" && err != nil:
				t.Errorf("ParseOpeningMove(%q): %v", c.in, err)
			case c.err == "" && m.String() != c.in:
				t.Errorf("ParseOpeningMove(%q).String() = %q", c.in, m)
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Errorf("ParseOpeningMove(%q): error %v, want one saying %q", c.in, err, c.err)
			}
		})
	}
	m, _ := position.ParseOpeningMove("ij:a3b2F5")
	if m.Pits != [2]uint8{8, 9} || m.Drops[0] != 3 || m.Drops[1] != 2 || m.Drops[15] != 5 || m.Lifted() != 10 {
		t.Errorf("ij:a3b2F5 parsed as %+v", m)
	}
}

// TestParseErrorWording: errors quote the whole character of non-ASCII
// input, name the bad count of a drop, offer startpos for a one-word
// position and echo at most a short prefix of long input.
func TestParseErrorWording(t *testing.T) {
	long := strings.Repeat("9", 60000)
	for _, c := range []struct {
		err  error
		want string
	}{
		{second(position.ParseMove("ð1")), `'ð' is not a pit`},
		{second(position.ParseOpeningMove("ðj:a3")), `'ð' is not a pit`},
		{second(position.ParseOpeningMove("ij:a-1a11")), `"-1" is not a count`},
		{second(position.ParseOpeningMove("ij:ab3")), `drop into a: missing count`},
		{second2(position.ParseStart("garbage")), `position "garbage": want startpos, startpos25 or a position string`},
		{second2(position.ParseStart("0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 S 3")), `position "0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 S 3": side "S"`},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("error %v, want one saying %s", c.err, c.want)
		}
	}
	for _, err := range []error{
		second(position.ParseMove("e" + long)),
		second(position.ParseOpeningMove("ij:a" + long)),
		second2(position.ParseStart(long)),
		second2(position.ParseStart(long + " 0-0 s 1")),
		second2(position.Parse("0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s " + long)),
	} {
		if err == nil || len(err.Error()) > 400 {
			t.Errorf("error of %d bytes for 60000 bytes of input", len(err.Error()))
		}
	}
}

func second[T any](_ T, err error) error { return err }

func second2(_ position.Position, err error) error { return err }
