// Tests of kiothi train's face: its flags checked in their words.

package nntrain

import (
	"strings"
	"testing"

	"github.com/kiothi/kiothi/train/tune"
)

func TestFlagsCheck(t *testing.T) {
	good := Flags{DataFlags: tune.DataFlags{Data: []string{"d"}, Lambda: 0.5, MaxScore: 3000, Holdout: 10},
		TrainOptions: TrainOptions{Epochs: 10, Batch: 256, Rate: 0.002, Seed: 1}, Out: t.TempDir() + "/n.knn"}
	if err := good.Check(); err != nil {
		t.Fatalf("the defaults: %v", err)
	}
	for _, c := range []struct {
		set  func(*Flags)
		want string
	}{
		{func(f *Flags) { f.Lambda = -1 }, "--lambda -1"},
		{func(f *Flags) { f.Out = "" }, "--out: the network file to write is required"},
		{func(f *Flags) { f.Epochs = 0 }, "--epochs 0: want 1..10000"},
		{func(f *Flags) { f.Rate = 2 }, "--rate 2: want above 0"},
		{func(f *Flags) { f.Out = t.TempDir() + "/no/n.knn" }, "--out: "},
	} {
		f := good
		c.set(&f)
		if err := f.Check(); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
}
