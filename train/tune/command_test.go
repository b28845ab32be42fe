// Tests of kiothi tune's face: its flags checked in their words.

package tune

import (
	"strings"
	"testing"
)

func TestFitFlagsCheck(t *testing.T) {
	good := FitFlags{DataFlags: DataFlags{Data: []string{"d"}, Lambda: 0.9, MaxScore: 3000, Holdout: 10}, Ridge: 100}
	if err := good.Check(); err != nil {
		t.Fatalf("the defaults: %v", err)
	}
	for _, c := range []struct {
		set  func(*FitFlags)
		want string
	}{
		{func(f *FitFlags) { f.Data = nil }, "--data: at least one"},
		{func(f *FitFlags) { f.Lambda = 1.5 }, "--lambda 1.5: must be from 0 to 1"},
		{func(f *FitFlags) { f.MaxScore = 0 }, "--max-score 0: must be at least 1"},
		{func(f *FitFlags) { f.Holdout = 1 }, "--holdout 1: must be 0 or at least 2"},
		{func(f *FitFlags) { f.Ridge = 0 }, "--ridge 0: must be above 0"},
		{func(f *FitFlags) { f.Out = t.TempDir() + "/no/w.go" }, "--out: "},
	} {
		f := good
		c.set(&f)
		if err := f.Check(); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
	if o := good.Options(); o.Lambda != 0.9 || o.MaxScore != 3000 || !o.Loud {
		t.Errorf("options %+v", o)
	}
}
