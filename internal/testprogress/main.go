// Command testprogress reads `go test -json` on stdin and prints what a
// person at make test wants while it runs: a line as each package starts,
// go test's own closing line for each package ("ok  pkg 12.3s", "FAIL
// pkg", which CI reads) as it ends, the whole output of a failed package,
// each skipped test with its reason, the tests -announce names when they
// start and end, and every minute the packages still running. It exits 1
// when a package or test failed, or the input had a line it could not read.
//
//	go test -json ./... | go run ./internal/testprogress -announce '^TestBrowser'
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"
)

// event is one line of go test -json (cmd/test2json).
type event struct {
	Time    time.Time
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

// printer follows the packages of one go test run.
type printer struct {
	w        io.Writer
	announce *regexp.Regexp
	started  map[string]time.Time                   // running packages
	output   map[string]*strings.Builder            // each package's output, printed if it fails
	tests    map[string]map[string]*strings.Builder // a test's output, for its skip reason
	failed   bool
}

func newPrinter(w io.Writer, announce *regexp.Regexp) *printer {
	return &printer{w: w, announce: announce, started: map[string]time.Time{},
		output: map[string]*strings.Builder{}, tests: map[string]map[string]*strings.Builder{}}
}

// line handles one input line.
func (p *printer) line(b []byte, now time.Time) {
	var e event
	if err := json.Unmarshal(b, &e); err != nil || e.Action == "" {
		// Not go test -json (a build error printed as text): pass it on.
		fmt.Fprintln(p.w, string(b))
		p.failed = true
		return
	}
	if e.Action == "build-output" {
		fmt.Fprint(p.w, e.Output)
		return
	}
	if e.Package == "" {
		return
	}
	out := p.output[e.Package]
	if out == nil {
		out = &strings.Builder{}
		p.output[e.Package] = out
	}
	switch e.Action {
	case "start":
		p.started[e.Package] = now
		fmt.Fprintf(p.w, "run   %s\n", e.Package)
	case "output":
		out.WriteString(e.Output)
		if e.Test != "" {
			p.testOutput(e).WriteString(e.Output)
		}
	case "run":
		if p.announced(e.Test) {
			fmt.Fprintf(p.w, "      %s %s: running\n", e.Package, e.Test)
		}
	case "skip", "pass", "fail":
		if e.Test != "" && e.Action == "skip" {
			fmt.Fprintf(p.w, "skip  %s %s: %s\n", e.Package, e.Test, skipReason(p.testOutput(e).String()))
		}
		if e.Test != "" {
			if e.Action != "skip" && p.announced(e.Test) {
				fmt.Fprintf(p.w, "      %s %s: %s (%.1fs)\n", e.Package, e.Test, e.Action, e.Elapsed)
			}
			delete(p.tests[e.Package], e.Test)
			return
		}
		// A failed package's whole output, as go test prints it; else
		// its closing line alone.
		p.failed = p.failed || e.Action == "fail"
		for _, l := range strings.SplitAfter(out.String(), "\n") {
			if l != "" && (e.Action == "fail" || closing(l)) {
				fmt.Fprint(p.w, l)
			}
		}
		delete(p.started, e.Package)
		delete(p.output, e.Package)
		delete(p.tests, e.Package)
	}
}

// announced reports whether a test is a top-level one -announce names.
func (p *printer) announced(test string) bool {
	return p.announce != nil && test != "" && !strings.Contains(test, "/") && p.announce.MatchString(test)
}

func (p *printer) testOutput(e event) *strings.Builder {
	m := p.tests[e.Package]
	if m == nil {
		m = map[string]*strings.Builder{}
		p.tests[e.Package] = m
	}
	b := m[e.Test]
	if b == nil {
		b = &strings.Builder{}
		m[e.Test] = b
	}
	return b
}

// closing reports whether an output line is go test's last line for a
// package: "ok  ", "FAIL", "?   " then a tab.
func closing(l string) bool {
	for _, p := range []string{"ok  \t", "FAIL\t", "?   \t"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// skipReason is the message a skipped test gave (its output without the
// "=== RUN" and "--- SKIP" lines and the file:line prefix), on one line.
func skipReason(out string) string {
	var parts []string
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "--- ") {
			continue
		}
		if i := strings.Index(l, ".go:"); i >= 0 {
			if j := strings.Index(l[i:], ": "); j >= 0 {
				l = l[i+j+2:]
			}
		}
		parts = append(parts, l)
	}
	if len(parts) == 0 {
		return "skipped"
	}
	return strings.Join(parts, " ")
}

// still prints the packages running for over a minute, longest first.
func (p *printer) still(now time.Time) {
	var names []string
	for pkg, t := range p.started {
		if now.Sub(t) >= time.Minute {
			names = append(names, pkg)
		}
	}
	if len(names) == 0 {
		return
	}
	slices.SortFunc(names, func(a, b string) int { return p.started[a].Compare(p.started[b]) })
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s (%s)", n, now.Sub(p.started[n]).Round(time.Second))
	}
	fmt.Fprintf(p.w, "...   still running: %s\n", strings.Join(parts, ", "))
}

func main() {
	announce := flag.String("announce", "", "regular expression: top-level tests to announce as they start and end")
	flag.Parse()
	var re *regexp.Regexp
	if *announce != "" {
		var err error
		if re, err = regexp.Compile(*announce); err != nil {
			fmt.Fprintf(os.Stderr, "testprogress: -announce: %v\n", err)
			os.Exit(2)
		}
	}
	p := newPrinter(os.Stdout, re)
	lines := make(chan []byte)
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			lines <- slices.Clone(sc.Bytes())
		}
		close(lines)
	}()
	tick := time.NewTicker(time.Minute)
	defer tick.Stop()
	for {
		select {
		case b, ok := <-lines:
			if !ok {
				if p.failed {
					os.Exit(1)
				}
				return
			}
			p.line(b, time.Now())
		case now := <-tick.C:
			p.still(now)
		}
	}
}
