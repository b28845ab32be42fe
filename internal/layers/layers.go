// Package layers reads the module's import graph from its sources, for
// the tests that hold the layering rules (which package may depend on
// which): each package's imports as go/build reads them, test files left
// out, under this build's GOOS, GOARCH and tags.
package layers

import (
	"bufio"
	"errors"
	"fmt"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Module is the module's source tree.
type Module struct {
	Root string // the folder of go.mod
	Path string // the module path
}

// Find returns the module whose go.mod is in dir or a folder above it.
func Find(dir string) (*Module, error) {
	for {
		f, err := os.Open(filepath.Join(dir, "go.mod"))
		if err == nil {
			defer f.Close()
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				if p, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
					return &Module{Root: dir, Path: strings.Trim(strings.TrimSpace(p), `"`)}, nil
				}
			}
			return nil, fmt.Errorf("%s: no module line", filepath.Join(dir, "go.mod"))
		}
		up := filepath.Dir(dir)
		if up == dir {
			return nil, errors.New("no go.mod above " + dir)
		}
		dir = up
	}
}

// Local reports whether path is a package of the module.
func (m *Module) Local(path string) bool {
	return path == m.Path || strings.HasPrefix(path, m.Path+"/")
}

// Imports returns the imports of the module's package path, test files
// left out.
func (m *Module) Imports(path string) ([]string, error) {
	rel := strings.TrimPrefix(strings.TrimPrefix(path, m.Path), "/")
	p, err := build.Default.ImportDir(filepath.Join(m.Root, filepath.FromSlash(rel)), 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p.Imports, nil
}

// Deps returns every package path depends on, directly or not, each with
// the chain of imports that reaches it from path ("a -> b -> c"). The
// module's packages are followed; others (the standard library's and
// other modules') are listed but not followed.
func (m *Module) Deps(path string) (map[string]string, error) {
	chain := map[string]string{}
	var walk func(p, via string) error
	walk = func(p, via string) error {
		ims, err := m.Imports(p)
		if err != nil {
			return err
		}
		for _, im := range ims {
			if _, seen := chain[im]; seen || im == path {
				continue
			}
			chain[im] = via + " -> " + im
			if m.Local(im) {
				if err := walk(im, chain[im]); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return chain, walk(path, path)
}

// Packages returns the module's packages pattern stands for: a package
// path relative to the module ("eval"), one ending in "/..." for it and
// every package below it, or "..." for all of them, in order.
func (m *Module) Packages(pattern string) ([]string, error) {
	rel, all := strings.CutSuffix(pattern, "/...")
	if pattern == "..." {
		rel, all = ".", true
	}
	if !all {
		return []string{m.Path + "/" + rel}, nil
	}
	var out []string
	err := filepath.WalkDir(filepath.Join(m.Root, filepath.FromSlash(rel)), func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if n := d.Name(); n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
			return filepath.SkipDir
		}
		if _, err := build.Default.ImportDir(dir, 0); err != nil {
			var none *build.NoGoError
			if errors.As(err, &none) {
				return nil
			}
			return err
		}
		r, err := filepath.Rel(m.Root, dir)
		if err != nil {
			return err
		}
		if r == "." {
			out = append(out, m.Path)
		} else {
			out = append(out, m.Path+"/"+filepath.ToSlash(r))
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}
