// Tests of the table itself: its entries, lookups and the checks of
// values already read.

package settings

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestTableEntries(t *testing.T) {
	keys, ugiNames, flags := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, s := range Table {
		for _, n := range []struct {
			seen map[string]bool
			name string
		}{{keys, s.Key}, {ugiNames, s.UGI}, {flags, s.FlagName()}} {
			if n.name == "" {
				continue
			}
			if n.seen[strings.ToLower(n.name)] {
				t.Errorf("%s: the name %q twice in the table", s.Key, n.name)
			}
			n.seen[strings.ToLower(n.name)] = true
		}
		if s.Help == "" || s.Faces == 0 || s.apply == nil {
			t.Errorf("%s: help, faces and apply are needed", s.Key)
		}
		if s.Has(FaceUGI) != (s.UGI != "") {
			t.Errorf("%s: the UGI face and a UGI name go together", s.Key)
		}
		if s.Kind != Param && s.Default != "" {
			if _, err := s.Parse(s.Key, s.Default); err != nil {
				t.Errorf("%s: the default does not parse: %v", s.Key, err)
			}
		}
		if s.Kind != Param && s.Key != strings.ToLower(s.Key) {
			t.Errorf("%s: keys are written in lower case", s.Key)
		}
	}
}

func TestLookup(t *testing.T) {
	for key, want := range map[string]*Setting{"hash": Hash, "HASH": Hash, "Threads": Threads, "param.lmrDiv": Params,
		"PARAM.x": Params, "param.": Params, "nosuch": nil, "": nil, "par": nil} {
		if got := Lookup(key); got != want {
			t.Errorf("Lookup(%q) = %v, want %v", key, got, want)
		}
	}
	for name, want := range map[string]*Setting{"OneWarriorMultiplier": Multiplier, "onewarriormultiplier": Multiplier,
		"bookfile": Book, "multiplier": nil, "eval": nil} {
		if got := LookupUGI(name); got != want {
			t.Errorf("LookupUGI(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestCheck: a value already read (a wire or JSON field) is checked as
// its text would be.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		s    *Setting
		n    int64
		want string
	}{
		{Hash, 0, "field 0: must be from 1 to 65536 MB"}, {Hash, 65536, ""}, {Threads, 257, "field 257: must be from 1 to 256"},
		{Setup, 25, ""}, {Setup, 30, ""}, {Setup, 20, "field 20: want 30 or 25"}, {Multiplier, 11, "field 11: must be from 2 to 10"},
		{MoveOverhead, 5001, "field 5001: must be from 0 to 5000 ms"}, {FreeFirstLap, 1, "field: not a number (freefirstlap)"},
	} {
		err := c.s.Check("field", c.n)
		if (c.want == "") != (err == nil) || err != nil && err.Error() != c.want {
			t.Errorf("%s.Check(%d) = %v, want %q", c.s.Key, c.n, err, c.want)
		}
	}
	for v, want := range map[string]string{"margin": "", "MATCH": "", "win": "objective win: want margin or match"} {
		_, err := ParseObjective("objective", v)
		if (want == "") != (err == nil) || err != nil && err.Error() != want {
			t.Errorf("ParseObjective(%q) = %v, want %q", v, err, want)
		}
	}
}

// TestDocsListEverySetting: docs/settings.md has a row for every setting,
// with its names and, for a whole number, its range.
func TestDocsListEverySetting(t *testing.T) {
	b, err := os.ReadFile("../docs/settings.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, s := range Table {
		key := s.Key
		if s.Kind == Param {
			key += "NAME"
		}
		row := ""
		for _, l := range strings.Split(doc, "\n") {
			if strings.HasPrefix(l, "| `"+key+"` |") {
				row = l
			}
		}
		if row == "" {
			t.Errorf("docs/settings.md: no row for %s", key)
			continue
		}
		if s.UGI != "" && !strings.Contains(row, "`"+s.UGI+"`") {
			t.Errorf("docs/settings.md, the row of %s: no UGI name %s", key, s.UGI)
		}
		if flag := "`--" + s.FlagName() + "`"; s.Has(FaceFlag) && !strings.Contains(row, flag) {
			t.Errorf("docs/settings.md, the row of %s: no flag %s", key, flag)
		}
		if s.Kind == Int || s.Kind == Duration {
			if r := fmt.Sprintf("%d..%d", s.Range.Min, s.Range.Max); !strings.Contains(row, r) {
				t.Errorf("docs/settings.md, the row of %s: no range %s", key, r)
			}
		}
	}
}
