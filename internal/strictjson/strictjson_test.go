package strictjson

import (
	"errors"
	"strings"
	"testing"
)

type inner struct {
	Depth int `json:"depth"`
	Nodes int `json:"nodes,omitempty"`
}

type doc struct {
	Name   string    `json:"name"`
	Grid   [2][3]int `json:"grid"`
	Limits inner     `json:"limits"`
	List   []inner   `json:"list,omitempty"`
	Plain  int
}

func TestDecode(t *testing.T) {
	full := `{"name":"a","grid":[[1,2,3],[4,5,6]],"limits":{"depth":3},"Plain":7}`
	var d doc
	if err := Decode([]byte(full), &d, Complete); err != nil || d.Grid[1][2] != 6 || d.Limits.Depth != 3 || d.Plain != 7 {
		t.Fatalf("a complete document: %+v, %v", d, err)
	}
	for _, tc := range []struct {
		in   string
		mode Mode
		want string
	}{
		{`{}`, Complete, `field "name": missing`},
		{`{"name":"a","grid":[[1,2,3],[4,5,6]],"limits":{},"Plain":1}`, Complete, `field "limits.depth": missing`},
		{`{"name":"a","grid":[[1,2,3],[4,5]]}`, Partial, `field "grid[1]": 2 values, want 3`},
		{`{"name":"a","grid":[[1,2,3],[4,5,6],[7,8,9]]}`, Partial, `field "grid": 3 values, want 2`},
		{`{"NAME":"a"}`, Partial, `field "NAME": unknown field: the name is "name" (names are case-sensitive)`},
		{`{"plain":1}`, Partial, `field "plain": unknown field: the name is "Plain"`},
		{`{"limits":{"Depth":1}}`, Partial, `field "limits.Depth": unknown field: the name is "depth"`},
		{`{"list":[{"depth":1},{"dpth":2}]}`, Partial, `field "list[1].dpth": unknown field`},
		{`{"name":"a"} {"name":"b"}`, Partial, `data after the JSON value`},
		{`{"name":"a"}x`, Partial, `data after the JSON value`},
		{`{"name":`, Partial, `unexpected EOF`},
		{`{"name":3}`, Partial, `cannot unmarshal number`},
	} {
		var d doc
		err := Decode([]byte(tc.in), &d, tc.mode)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.in, err, tc.want)
		}
	}
	var d2 doc
	if err := Decode([]byte(`{"name":"a"} x`), &d2, Partial); !errors.Is(err, ErrTrailing) {
		t.Errorf("trailing: %v", err)
	}
	if err := Decode([]byte(`{"name":"a"}`+"\n \t"), &d2, Partial); err != nil {
		t.Errorf("trailing white space is not data: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(`{"name":"a","grid":[[1,2,3],[4,5,6]],"limits":{"depth":3},"Plain":7}`)
	f.Add(`{"list":[{"depth":1}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		var d doc
		Decode([]byte(s), &d, Complete)
		Decode([]byte(s), &d, Partial)
	})
}
