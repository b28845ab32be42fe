// Tests of the embedded page's routes and headers.

package serve

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestPageRoutes(t *testing.T) {
	h := New(Config{}).Handler()
	for _, c := range []struct{ path, ctype, part string }{
		{"/", "text/html", `<script src="/ui/app.js"`},
		{"/ui/app.js", "text/javascript", "/api/v1/analyse/stream"},
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
