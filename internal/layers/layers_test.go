// The layering rules of the module, checked on its import graph: which
// package may depend on which, and why.

package layers

import (
	"os"
	"strings"
	"testing"
)

// rules: the packages From stands for ("x/..." is x and below) may depend
// on no package of Forbid (module-relative; "x/..." forbids x and below)
// nor of ForbidStd (the standard library's, directly or through a module
// package); when Only is set, on no module package outside it.
var rules = []struct {
	From      string
	Forbid    []string
	ForbidStd []string
	Only      []string
	Why       string
}{
	{From: "limits", Only: []string{"internal/..."},
		Why: "the bounds table sits below the engine packages, which use it"},
	{From: "egdb", Only: []string{"position", "movegen", "limits", "internal/..."},
		Why: "the endgame databases sit below the solver and the search, which read them: built by the generator alone"},
	{From: "record", Only: []string{"position", "movegen", "internal/..."},
		Why: "the training-record format is read without the generator: what reads records pulls in no search"},
	{From: "train/...", Forbid: []string{"search", "solve", "match", "cluster", "datagen"},
		Why: "the trainers read records (package record), not the generator, and fit the evaluation without the search"},
	{From: "eval/...", Forbid: []string{"search", "datagen", "record", "train/..."},
		Why: "the evaluators the search uses depend on no data package and no trainer"},
	{From: "cmd/kiothi", Forbid: []string{"internal/testgame", "egdb/egdbtest"}, ForbidStd: []string{"testing"},
		Why: "the binary links no test helper and no package testing"},
	{From: "cluster", Forbid: []string{"annotate", "book", "datagen", "match", "search", "solve", "spsa", "accuracy", "bench", "cluster/jobs"},
		Why: "the cluster's core is the transport, the coordinator and the workers: each job kind registers itself from its own file (cluster/jobs)"},
}

// stack is docs/architecture.md's drawing, top to bottom: a package
// imports only from its own layer or those below it (never up, so never
// sideways into a face). Every module package is in one layer
// (TestStackCoversTheModule).
var stack = []struct {
	Name     string
	Packages []string
}{
	{"faces", []string{"cmd/...", "ugi", "serve/...", "play", "scripts/..."}},
	{"batch", []string{"match", "spsa", "annotate", "book", "accuracy", "datagen", "cluster/...", "bench", "ugiclient"}},
	{"trainers", []string{"train/...", "record"}},
	{"engine", []string{"search", "solve", "tt", "settings"}},
	{"endgame databases", []string{"egdb/..."}},
	// internal/testgame, the tests' game helper, plays by the rules.
	{"rules", []string{"eval/...", "pgn", "openings", "limits", "movegen", "position", "internal/testgame"}},
	{"shared mechanisms", []string{"internal/..."}},
}

// layerOf is the index in stack of path's layer (-1: none).
func layerOf(m *Module, path string) int {
	for i, l := range stack {
		for _, rel := range l.Packages {
			if matches(m, path, rel) {
				return i
			}
		}
	}
	return -1
}

// matches reports whether path, a module package, is rel or (rel ending in
// "/...") under it.
func matches(m *Module, path, rel string) bool {
	if base, all := strings.CutSuffix(rel, "/..."); all {
		return path == m.Path+"/"+base || strings.HasPrefix(path, m.Path+"/"+base+"/")
	}
	return path == m.Path+"/"+rel
}

func module(t *testing.T) *Module {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	m, err := Find(dir)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestLayers: every rule holds; a break names the chain of imports.
func TestLayers(t *testing.T) {
	m := module(t)
	for _, r := range rules {
		pkgs, err := m.Packages(r.From)
		if err != nil || len(pkgs) == 0 {
			t.Fatalf("%s: packages %v, %v", r.From, pkgs, err)
		}
		for _, p := range pkgs {
			deps, err := m.Deps(p)
			if err != nil {
				t.Fatal(err)
			}
			for d, chain := range deps {
				if !m.Local(d) {
					for _, s := range r.ForbidStd {
						if d == s {
							t.Errorf("%s (%s)", chain, r.Why)
						}
					}
					continue
				}
				bad := false
				for _, f := range r.Forbid {
					bad = bad || matches(m, d, f)
				}
				if r.Only != nil {
					ok := false
					for _, o := range r.Only {
						ok = ok || matches(m, d, o)
					}
					bad = bad || !ok
				}
				if bad {
					t.Errorf("%s (%s)", chain, r.Why)
				}
			}
		}
	}
}

// TestStack: no package imports from a layer above its own.
func TestStack(t *testing.T) {
	m := module(t)
	pkgs, err := m.Packages("...")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		from := layerOf(m, p)
		ims, err := m.Imports(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range ims {
			if to := layerOf(m, im); m.Local(im) && to < from {
				t.Errorf("%s (%s) imports %s (%s): a layer imports only from itself and those below it", p, stack[from].Name, im, stack[to].Name)
			}
		}
	}
}

// TestStackCoversTheModule: every package has its layer, so a new one
// is placed in the drawing before it can import anything.
func TestStackCoversTheModule(t *testing.T) {
	m := module(t)
	pkgs, err := m.Packages("...")
	if err != nil || len(pkgs) < 30 {
		t.Fatalf("packages %v, %v", pkgs, err)
	}
	for _, p := range pkgs {
		if layerOf(m, p) < 0 {
			t.Errorf("%s is in no layer of the stack (docs/architecture.md)", p)
		}
	}
}

// TestDepsFollowsTheModule: the graph is read through the module's
// packages to the standard library's, so a rule that holds is not one
// checked on an empty graph.
func TestDepsFollowsTheModule(t *testing.T) {
	m := module(t)
	deps, err := m.Deps(m.Path + "/cmd/kiothi")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{m.Path + "/search", m.Path + "/record", m.Path + "/position", "fmt", "golang.org/x/sync/errgroup"} {
		if deps[want] == "" {
			t.Errorf("cmd/kiothi does not reach %s: %v", want, deps)
		}
	}
	if c := deps[m.Path+"/position"]; !strings.HasPrefix(c, m.Path+"/cmd/kiothi -> ") || !strings.HasSuffix(c, " -> "+m.Path+"/position") {
		t.Errorf("chain to position: %q", c)
	}
	deps, err = m.Deps(m.Path + "/internal/testgame")
	if err != nil {
		t.Fatal(err)
	}
	if deps["testing"] == "" {
		t.Error("internal/testgame's import of testing not seen")
	}
	if pkgs, err := m.Packages("eval/..."); err != nil || len(pkgs) != 2 {
		t.Errorf("eval/...: %v, %v", pkgs, err)
	}
}
