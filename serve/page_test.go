// Tests of the embedded page's routes and headers.

package serve

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestPageRoutes(t *testing.T) {
	h := New(Config{}).Handler()
	for _, c := range []struct{ path, ctype, part string }{
		{"/", "text/html", `<script type="module" src="/ui/main.js">`},
		{"/ui/main.js", "text/javascript", "import "},
		{"/ui/api.js", "text/javascript", "/api/v1/analyse/stream"},
		{"/ui/style.css", "text/css", "#board"},
	} {
		t.Run(c.path, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, c.path, nil))
			csp := rec.Header().Get("Content-Security-Policy")
			if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), c.ctype) ||
				!strings.Contains(rec.Body.String(), c.part) || !strings.Contains(csp, "default-src 'self'") {
				t.Errorf("%s: %d %q, CSP %q", c.path, rec.Code, rec.Header().Get("Content-Type"), csp)
			}
		})
	}
	// Other paths, directories included, get the API's JSON 404.
	for _, path := range []string{"/ui/nothing.js", "/ui/", "/index.html.bak", "/api/v1/nothing"} {
		t.Run(path, func(t *testing.T) {
			if code, v := get(t, h, path); code != http.StatusNotFound || v["error"] == nil {
				t.Errorf("%s: %d %v", path, code, v)
			}
		})
	}
}

// TestPageSelfContained: no embedded file names another host, so the page
// works with nothing but this server (the browser test checks the
// requests it really makes).
func TestPageSelfContained(t *testing.T) {
	err := fs.WalkDir(web, "web", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := fs.ReadFile(web, path)
		for _, bad := range []string{"http://", "https://", "//cdn", "@import", "url("} {
			if strings.Contains(string(b), bad) {
				t.Errorf("%s contains %q", path, bad)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPageModules: the page's script is ES modules, the ones index.html
// loads (main.js, and egdb.js for the database's line) importing the
// others. Each import names an embedded module, each embedded module is
// reached (none left over), and each is served as JavaScript (a module
// with another MIME type is refused by the browser).
func TestPageModules(t *testing.T) {
	h := New(Config{}).Handler()
	importRE := regexp.MustCompile(`(?m)^import .* from '\./([a-z]+\.js)';$`)
	index := httptest.NewRecorder()
	h.ServeHTTP(index, httptest.NewRequest(http.MethodGet, "/", nil))
	seen := map[string]bool{}
	var queue []string
	for _, m := range regexp.MustCompile(`<script type="module" src="/ui/([a-z]+\.js)"></script>`).FindAllStringSubmatch(index.Body.String(), -1) {
		queue = append(queue, m[1])
	}
	if !slices.Contains(queue, "main.js") || !slices.Contains(queue, "egdb.js") {
		t.Errorf("index.html loads %v, want main.js and egdb.js", queue)
	}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		if seen[name] {
			continue
		}
		seen[name] = true
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/ui/"+name, nil))
		if rec.Code != 200 || rec.Header().Get("Content-Type") != "text/javascript; charset=utf-8" {
			t.Errorf("/ui/%s: %d %q", name, rec.Code, rec.Header().Get("Content-Type"))
			continue
		}
		for _, m := range importRE.FindAllStringSubmatch(rec.Body.String(), -1) {
			queue = append(queue, m[1])
		}
	}
	files, err := fs.Glob(web, "web/*.js")
	if err != nil {
		t.Fatal(err)
	}
	var embedded []string
	for _, f := range files {
		embedded = append(embedded, path.Base(f))
	}
	var imported []string
	for name := range seen {
		imported = append(imported, name)
	}
	slices.Sort(imported)
	if !slices.Equal(imported, embedded) {
		t.Errorf("modules reached from index.html %v, embedded %v", imported, embedded)
	}
	for _, want := range []string{"api.js", "board.js", "clock.js", "review.js", "pgn.js", "state.js"} {
		if !seen[want] {
			t.Errorf("no module %s", want)
		}
	}
}
