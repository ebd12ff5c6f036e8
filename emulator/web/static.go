package web

import (
	"embed"
	"io/fs"
	"net/http"
	"path"
)

// The page is a few hand-written files, embedded in the program: no build
// step, and nothing fetched from elsewhere, which its Content-Security-
// Policy forbids besides.

//go:embed static
var static embed.FS

// contentSecurityPolicy lets the page load and ask only the playground.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// contentTypes are the types of the page's files, by extension: set here,
// since what the system's MIME table says of .js varies.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
}

// staticRoutes serves the page: index.html at the root, the other files
// by name.
func (h *Handler) staticRoutes() {
	files, err := fs.Sub(static, "static")
	if err != nil {
		panic("web: the embedded files: " + err.Error())
	}
	serve := func(w http.ResponseWriter, r *http.Request, name string) {
		b, err := fs.ReadFile(files, name)
		ct, known := contentTypes[path.Ext(name)]
		if err != nil || !known {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", ct)
		w.Header().Set("Content-Security-Policy", contentSecurityPolicy)
		// The files change with the program; a browser asks again each
		// time rather than run an old page against a new API.
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(b)
	}
	h.mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) { serve(w, r, "index.html") })
	// The page has no icon; the browser asks for one all the same, and
	// is told there is nothing, rather than not found.
	h.mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	h.mux.HandleFunc("GET /{file}", func(w http.ResponseWriter, r *http.Request) {
		if name := r.PathValue("file"); name != "index.html" {
			serve(w, r, name)
			return
		}
		http.Redirect(w, r, "/", http.StatusMovedPermanently)
	})
}
