// Tests of the client against scripted engines that misbehave.

package ugiclient

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// fakeEngine is a shell script UGI engine: the handshake, isready, and on
// go the lines of onGo (shell commands).
func fakeEngine(onGo string) string {
	script := `while read -r cmd rest; do case "$cmd" in
ugi) echo "id name fake"; echo ugiok;;
isready) echo readyok;;
go) ` + onGo + `;;
quit) exit 0;;
esac; done`
	return "sh -c '" + script + "'"
}

// longLine prints a line of 2 MiB, over the client's line limit.
const longLine = `head -c 2097152 /dev/zero | tr "\\000" x; echo`

func TestClientLongLineAndPonder(t *testing.T) {
	// Each case answers or fails at once but one: with no bestmove the
	// client reports the over-long line once its waits (before and after
	// stop) have run out, so that case waits 2 s twice and the others may
	// take up to 10 s on a busy machine.
	for _, tc := range []struct {
		name, onGo, want, wantErr string
		wait                      time.Duration
	}{
		{"ponder", `echo "bestmove e5 ponder A5"`, "e5", "", 10 * time.Second},
		{"long line then bestmove", longLine + `; echo "info depth 1"; echo "bestmove e5"`, "e5", "", 10 * time.Second},
		{"long line, no bestmove", longLine, "", "over 1048576 bytes", 2 * time.Second},
		{"malformed bestmove", `echo "bestmove e5 A5"`, "", "want bestmove <move> [ponder <move>]", 10 * time.Second},
		{"exits", `exit 0`, "", "engine exited", 10 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := StartClientTimeout(fakeEngine(tc.onGo), 10*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			c.Timeout = tc.wait // the wait after stop
			m, err := c.Go("movetime 10", tc.wait)
			if tc.wantErr == "" {
				if err != nil || m != tc.want {
					t.Errorf("got %q, %v; want %q", m, err, tc.want)
				}
				// The engine is still there.
				if err := c.IsReady(); err != nil {
					t.Errorf("isready after: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("got %q, %v; want an error with %q", m, err, tc.wantErr)
			}
		})
	}
}

func TestSplitCommandLine(t *testing.T) {
	cases := map[string][]string{
		"kiothi ugi":                   {"kiothi", "ugi"},
		`  "/my dir/kiothi"  ugi  -x `: {"/my dir/kiothi", "ugi", "-x"},
		`a\ b 'c "d"' e"f g"`:          {"a b", `c "d"`, "ef g"},
		"":                             nil,
	}
	for in, want := range cases {
		t.Run(in, func(t *testing.T) {
			got, err := SplitCommandLine(in)
			if err != nil || fmt.Sprint(got) != fmt.Sprint(want) || len(got) != len(want) {
				t.Errorf("%q: got %q, %v; want %q", in, got, err, want)
			}
		})
	}
	for _, bad := range []string{`a "b`, `a\`, `'`} {
		t.Run(bad, func(t *testing.T) {
			if _, err := SplitCommandLine(bad); err == nil {
				t.Errorf("%q: no error", bad)
			}
		})
	}
}

func TestClientFailures(t *testing.T) {
	if _, err := StartClient("/nonexistent/engine ugi"); err == nil {
		t.Error("a missing engine started")
	}
	if _, err := StartClient("  "); err == nil {
		t.Error("an empty command line started")
	}
	// It fails writing ugi or reading the answer, whichever comes first.
	if _, err := StartClientTimeout("sh -c 'exit 3'", 5*time.Second); err == nil {
		t.Errorf("an engine that exits: %v", err)
	}
	// cat echoes ugi back but never says ugiok.
	if _, err := StartClientTimeout("cat", 50*time.Millisecond); err == nil || !strings.Contains(err.Error(), "no answer") {
		t.Errorf("an engine that never answers: %v", err)
	}
}

func FuzzSplitCommandLine(f *testing.F) {
	for _, s := range []string{"kiothi ugi", `"a b" c\ d 'e'`, `"`, `\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := SplitCommandLine(s)
		if err != nil {
			return
		}
		for _, w := range words {
			if w == "" && !strings.ContainsAny(s, `"'`) {
				t.Fatalf("%q: empty word without quotes", s)
			}
		}
	})
}
