// The board page, embedded in the binary and served at / and /ui/.

package serve

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"
)

//go:embed web
var web embed.FS

// page serves the embedded files: index.html, the stylesheet and the
// script's ES modules (main.js importing the others), each with its MIME
// type (a module needs a JavaScript one, set here rather than left to
// the system's MIME table). The content security policy admits requests
// to this server only, so the page can reach no other host.
func page() http.Handler {
	sub, err := fs.Sub(web, "web")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		name := strings.TrimPrefix(r.URL.Path, "/ui/")
		if r.URL.Path == "/" {
			name = "index.html"
		}
		if fi, err := fs.Stat(sub, name); err != nil || fi.IsDir() {
			writeError(w, http.StatusNotFound, "no such file: "+r.URL.Path)
			return
		}
		if strings.HasSuffix(name, ".js") {
			h.Set("Content-Type", "text/javascript; charset=utf-8")
		}
		http.ServeFileFS(w, r, sub, name)
	})
}
