// Fuzz target: any typed input is explained, never a crash.

package play

import (
	"io"
	"testing"
)

func FuzzInput(f *testing.F) {
	for _, s := range []string{"ef\na3 b2\nF5\ne1\nundo\nquit\n", "ij:a3b2F5\nhint\n", "level depth 3\nswap\nnew\n",
		"ef\nj99999999999999999999\ncancel\n", "AB\nA5\n", "level time 5x\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		cfg, _ := fakeConfig(in, io.Discard)
		cfg.MoveTime = 0
		cfg.Depth = 1
		if err := Run(cfg); err != nil {
			t.Fatal(err)
		}
	})
}
