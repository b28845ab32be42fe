// Tests of Validate: each invariant broken on purpose is named, and what
// New and the mutators build passes.

package position

import (
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	base, err := Parse("3.0.2*.0.0.0.0.0.0.1/0.0.0.0.4*.0.0.0.0.0 5-6 n 7")
	if err != nil {
		t.Fatal(err)
	}
	if err := base.Validate(); err != nil {
		t.Fatalf("a parsed position: %v", err)
	}
	for _, p := range []Position{Start(30), Start(25)} {
		if err := p.Validate(); err != nil {
			t.Fatalf("start position %s: %v", p.String(), err)
		}
	}
	cases := []struct {
		name    string
		corrupt func(p *Position)
		want    string
	}{
		{"bits beyond the south row", func(p *Position) { p.rows[South] |= 1 << 61 }, "south row"},
		{"bits beyond the north row", func(p *Position) { p.rows[North] |= 1 << 60 }, "north row"},
		{"stray flag bit", func(p *Position) { p.flags |= 1 << 25 }, "flags"},
		{"prison over the total", func(p *Position) { p.prison[North] = 64 }, "north prison"},
		{"too many warriors", func(p *Position) { p.Put(5, 50) }, "warriors"},
		{"turn zero", func(p *Position) { p.turn = 0 }, "turn 0"},
		{"turn 1 to North", func(p *Position) { p.turn = 1; p.flags &^= nkiBits; p.key = p.ComputeKey() }, "turn 1 belongs to South"},
		{"turn 2 to South", func(p *Position) { p.turn = 2; p.flags &^= nkiBits | northFlag; p.key = p.ComputeKey() }, "turn 2 belongs to North"},
		{"nki in the opening", func(p *Position) { p.turn = 2; p.key = p.ComputeKey() }, "during the opening"},
		{"nki on an empty pit", func(p *Position) { p.Take(2) }, "nki mark on empty pit c"},
		{"stale key", func(p *Position) { p.key ^= 1 }, "key"},
		{"key missing a pit", func(p *Position) { p.rows[South] += 1 << 6 }, "key"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := base
			c.corrupt(&p)
			err := p.Validate()
			if err == nil {
				t.Fatalf("Validate passed a broken position")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("Validate = %q, want it to mention %q", err, c.want)
			}
		})
	}
}
