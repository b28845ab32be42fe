// In-process tests of the ugi, play and serve commands' wiring.

package main

import (
	"bytes"
	"strings"
	"testing"
)

func runCmdIn(t *testing.T, in string, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := newRootCmd(strings.NewReader(in), &out, &errOut)
	root.SetArgs(args)
	err := root.Execute()
	return out.String(), errOut.String(), err
}

func TestUGICommand(t *testing.T) {
	out, _, err := runCmdIn(t, "ugi\nisready\nsetoption name FreeFirstLap value false\nposition startpos moves ef:e5f5\nquery fen\nquit\n", "ugi", "--free-first-lap")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"id name Kiothi " + version + "\n", "option name FreeFirstLap type check default true\n",
		"ugiok\nreadyok\n", "response 0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 n 2\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestPlayCommand(t *testing.T) {
	out, _, err := runCmdIn(t, "ef:e5f5\nquit\n", "play", "--depth", "1", "--color", "auto")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("colour on a buffer")
	}
	if !strings.Contains(out, "Kiothi (North) plays ") || !strings.Contains(out, "Goodbye.") {
		t.Errorf("output:\n%s", out)
	}
	for _, bad := range [][]string{{"--side", "east"}, {"--setup", "20"}, {"--color", "pink"}, {"--position", "x"}, {"--multiplier", "1"}} {
		t.Run(caseName(bad), func(t *testing.T) {
			if _, _, err := runCmdIn(t, "quit\n", append([]string{"play"}, bad...)...); err == nil {
				t.Errorf("play %v: no error", bad)
			}
		})
	}
}

func TestServeFlags(t *testing.T) {
	for _, bad := range [][]string{{"--max-searches", "0"}, {"--max-movetime", "0s"}, {"--max-analysis", "0s"}, {"--max-analysis", "25h"}, {"--addr", "256.0.0.1:99999"}} {
		t.Run(caseName(bad), func(t *testing.T) {
			if _, _, err := runCmdIn(t, "", append([]string{"serve"}, bad...)...); err == nil {
				t.Errorf("serve %v: no error", bad)
			}
		})
	}
}
