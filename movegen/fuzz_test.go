// Fuzz target for making moves: any position string and move string, never
// a panic; a legal move keeps every invariant and agrees with the
// reference sower.

package movegen_test

import (
	"testing"

	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
)

func FuzzMakeMove(f *testing.F) {
	seeds := [][2]string{
		{"0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3.0.1 0-0 s 3", "j11"},
		{"0.0.0.0.0.0.0.0.0.11/0.0.0.0.0.0.2.3*.0.1 0-0 s 3", "j10"},
		{"0.2.1.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 s 3", "b1"},
		{"0.2.0.0.0.0.0.0.0.1/3*.0.0.0.0.0.0.0.0.0 0-0 s 3", "j1"},
		{"2.5.2.5.2.1.0.1.0.1/6.3.2.3.2.3.0.1.2.2 0-17 n 3", "J1"},
		{"2.3.0.1.2.3.1.2.5.1/3.2.1.2.3.4.3.6.2.1 13-1 n 12", "H4"},
		{"0.3.0.1.2.6.0.1.5.0/3.0.3.2.3.2.5.6.2.3 8-8 n 20", "H6"}, // ends on lap 9,980
		{"2.3.0.1.2.6.0.1.5.0/1.0.3.2.1.4.3.8.4.1 8-8 n 20", "H4"}, // ends on lap 10,016: illegal
		{"0.0.24*.1.1*.0.1.1*.2.0/1.0.0.1*.2*.1.0.2.0.0 11-3 s 42", "c24"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1", "ij:a3b2F5"},
		{"0.0.6.4.5.5.5.0.5.0/0.0.0.0.5.5.5.5.5.5 0-0 n 2", "IJ:a10"},
		{"0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1", "e5"},
		{"0.0.0.0.0.0.0.0.0.0/1.1.1.1.1.1.1.1.1.1 20-30 s 40", "a1"},
		{"63.0.0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0.0.0 0-0 s 65535", "a63"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], false)
		f.Add(s[0], s[1], true)
	}
	f.Fuzz(func(t *testing.T, ps, ms string, free bool) {
		p, err := position.Parse(ps)
		if err != nil {
			return
		}
		r := movegen.Rules{FreeFirstLap: free}
		var list movegen.MoveList
		n := movegen.Generate(&p, r, &list)
		if c := movegen.CountMoves(&p, r); c != n {
			t.Fatalf("%s: CountMoves %d, Generate %d", p, c, n)
		}
		_ = movegen.HasMove(&p, r)
		m, err := position.ParseGameMove(ms)
		if err != nil {
			return
		}
		q, err := movegen.Apply(p, m, r)
		if err != nil {
			if q != p {
				t.Fatalf("%s %s: an illegal move changed the position", p, ms)
			}
			return
		}
		checkInvariants(t, q, p.Total(), ps+" "+ms)
		if !m.Redistribution {
			want, ws, _ := refMove(toRef(p), m.Play.Pit(), m.Play.Count(), free)
			if ws != movegen.Legal || q != want.position(t) {
				t.Fatalf("%s %s: got %s, reference %v %v", p, ms, q, ws, want)
			}
		}
	})
}
