// Tests of the progress printer on a recorded go test -json stream.

package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

const stream = `{"Action":"start","Package":"ex/a"}
{"Action":"start","Package":"ex/b"}
{"Action":"run","Package":"ex/a","Test":"TestBrowser"}
{"Action":"output","Package":"ex/a","Test":"TestBrowser","Output":"=== RUN   TestBrowser\n"}
{"Action":"output","Package":"ex/a","Test":"TestBrowser","Output":"    browser_test.go:69: browser tests skipped: no Chromium on PATH\n"}
{"Action":"output","Package":"ex/a","Test":"TestBrowser","Output":"--- SKIP: TestBrowser (0.00s)\n"}
{"Action":"skip","Package":"ex/a","Test":"TestBrowser","Elapsed":0}
{"Action":"run","Package":"ex/a","Test":"TestOK"}
{"Action":"output","Package":"ex/a","Test":"TestOK","Output":"=== RUN   TestOK\n"}
{"Action":"pass","Package":"ex/a","Test":"TestOK","Elapsed":0.5}
{"Action":"output","Package":"ex/a","Output":"PASS\n"}
{"Action":"output","Package":"ex/a","Output":"ok  \tex/a\t0.512s\n"}
{"Action":"pass","Package":"ex/a","Elapsed":0.512}
{"Action":"run","Package":"ex/b","Test":"TestBad"}
{"Action":"output","Package":"ex/b","Test":"TestBad","Output":"=== RUN   TestBad\n"}
{"Action":"output","Package":"ex/b","Test":"TestBad","Output":"    b_test.go:9: got 1, want 2\n"}
{"Action":"output","Package":"ex/b","Test":"TestBad","Output":"--- FAIL: TestBad (0.00s)\n"}
{"Action":"fail","Package":"ex/b","Test":"TestBad","Elapsed":0}
{"Action":"output","Package":"ex/b","Output":"FAIL\n"}
{"Action":"output","Package":"ex/b","Output":"FAIL\tex/b\t0.100s\n"}
{"Action":"fail","Package":"ex/b","Elapsed":0.1}
{"Action":"start","Package":"ex/c"}
{"Action":"output","Package":"ex/c","Output":"?   \tex/c\t[no test files]\n"}
{"Action":"skip","Package":"ex/c","Elapsed":0}
`

func run(t *testing.T, in string, announce *regexp.Regexp) (string, bool) {
	t.Helper()
	var out strings.Builder
	p := newPrinter(&out, announce)
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	for _, l := range strings.Split(strings.TrimSuffix(in, "\n"), "\n") {
		p.line([]byte(l), now)
	}
	return out.String(), p.failed
}

func TestPrinter(t *testing.T) {
	got, failed := run(t, stream, regexp.MustCompile("^TestBrowser"))
	want := "run   ex/a\n" +
		"run   ex/b\n" +
		"      ex/a TestBrowser: running\n" +
		"skip  ex/a TestBrowser: browser tests skipped: no Chromium on PATH\n" +
		"ok  \tex/a\t0.512s\n" +
		// A failed package: its whole output, as go test prints it.
		"=== RUN   TestBad\n    b_test.go:9: got 1, want 2\n--- FAIL: TestBad (0.00s)\nFAIL\nFAIL\tex/b\t0.100s\n" +
		"run   ex/c\n" +
		"?   \tex/c\t[no test files]\n"
	if got != want {
		t.Errorf("printed\n%s\nwant\n%s", got, want)
	}
	if !failed {
		t.Error("a failed package did not make the run fail")
	}
}

func TestPassingRunAndAnnouncedPass(t *testing.T) {
	in := `{"Action":"start","Package":"ex/s"}
{"Action":"run","Package":"ex/s","Test":"TestBrowser"}
{"Action":"run","Package":"ex/s","Test":"TestBrowser/page"}
{"Action":"pass","Package":"ex/s","Test":"TestBrowser/page","Elapsed":3}
{"Action":"pass","Package":"ex/s","Test":"TestBrowser","Elapsed":3.2}
{"Action":"output","Package":"ex/s","Output":"ok  \tex/s\t3.300s\n"}
{"Action":"pass","Package":"ex/s","Elapsed":3.3}
`
	got, failed := run(t, in, regexp.MustCompile("^TestBrowser"))
	want := "run   ex/s\n      ex/s TestBrowser: running\n      ex/s TestBrowser: pass (3.2s)\nok  \tex/s\t3.300s\n"
	if got != want || failed {
		t.Errorf("printed\n%s\nwant\n%s(failed %v)", got, want, failed)
	}
}

func TestTextLineFails(t *testing.T) {
	got, failed := run(t, "# ex/d\nd.go:3:1: syntax error\n", nil)
	if got != "# ex/d\nd.go:3:1: syntax error\n" || !failed {
		t.Errorf("printed %q, failed %v", got, failed)
	}
}

func TestStill(t *testing.T) {
	var out strings.Builder
	p := newPrinter(&out, nil)
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	p.line([]byte(`{"Action":"start","Package":"ex/slow"}`), t0)
	p.line([]byte(`{"Action":"start","Package":"ex/quick"}`), t0.Add(90*time.Second))
	out.Reset()
	p.still(t0.Add(2 * time.Minute))
	if want := "...   still running: ex/slow (2m0s)\n"; out.String() != want {
		t.Errorf("still: %q, want %q", out.String(), want)
	}
}

// A build failure's compiler lines come before the package's FAIL line.
func TestBuildFailure(t *testing.T) {
	in := `{"ImportPath":"ex [ex.test]","Action":"build-output","Output":"# ex [ex.test]\n"}
{"ImportPath":"ex [ex.test]","Action":"build-output","Output":"./a.go:2:12: undefined: x\n"}
{"ImportPath":"ex [ex.test]","Action":"build-fail"}
{"Action":"start","Package":"ex"}
{"Action":"output","Package":"ex","Output":"FAIL\tex [build failed]\n"}
{"Action":"fail","Package":"ex","Elapsed":0.001,"FailedBuild":"ex [ex.test]"}
`
	got, failed := run(t, in, nil)
	want := "# ex [ex.test]\n./a.go:2:12: undefined: x\nrun   ex\nFAIL\tex [build failed]\n"
	if got != want || !failed {
		t.Errorf("printed\n%s\nwant\n%s(failed %v)", got, want, failed)
	}
}
