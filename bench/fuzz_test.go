// Fuzzing the bench list parser: any text gives positions or an error.

package bench

import "testing"

func FuzzParse(f *testing.F) {
	f.Add(positionsText)
	f.Add("# comment\n0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 3 ; x\n")
	f.Add("1.2.3/4 5-6 q 0\n;;\n")
	f.Fuzz(func(t *testing.T, s string) {
		ps, err := parse(s)
		if err != nil && ps != nil {
			t.Fatal("positions with an error")
		}
		for _, p := range ps {
			if p.Total() > 63 {
				t.Fatalf("%s: more than 63 warriors", p)
			}
		}
	})
}
