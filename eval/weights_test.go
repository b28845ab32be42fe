package eval

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// A weights file must be whole: an empty object, a cut array, a field in
// another case, data after the object or a file over the bound are each
// refused with what is wrong, where encoding/json alone gave zero weights
// or "unexpected EOF".
func TestReadJSONStrict(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, Default); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	if w, err := ReadJSON(strings.NewReader(good)); err != nil || w.Pit != Default.Pit {
		t.Fatalf("the written weights: %v", err)
	}
	cut := strings.Replace(good, `"Tempo":[`+fmt.Sprint(Default.Tempo[0])+`,`+fmt.Sprint(Default.Tempo[1])+`]`,
		`"Tempo":[`+fmt.Sprint(Default.Tempo[0])+`]`, 1)
	if cut == good {
		t.Fatal("test: no Tempo array to cut")
	}
	for _, tc := range []struct{ name, in, want string }{
		{"empty object", `{}`, `field "Pit": missing`},
		{"cut array", cut, `field "Tempo": 1 values, want 2`},
		{"miscased", strings.Replace(good, `"Tempo"`, `"tempo"`, 1), `the name is "Tempo"`},
		{"trailing", good + "x", "data after the JSON value"},
		{"second object", good + "{}", "data after the JSON value"},
		{"over the bound", good + strings.Repeat(" ", MaxJSONBytes), "over 1048576 bytes"},
	} {
		if _, err := ReadJSON(strings.NewReader(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
