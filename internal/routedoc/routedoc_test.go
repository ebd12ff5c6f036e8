package routedoc

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRegisteredFindsLiteralPatternsUnderThePrefix(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import "net/http"

func routes(mux *http.ServeMux, h http.Handler) {
	mux.HandleFunc("POST /_x/click", nil)
	mux.Handle("GET /_x/items/{id}", h)
	mux.HandleFunc("GET /other", nil)
	pattern := "GET /_x/dynamic"
	mux.HandleFunc(pattern, nil)
}
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p_test.go"), []byte("package p\n\nfunc x() { mux.HandleFunc(\"GET /_x/test\", nil) }\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got := Registered(t, dir, "/_x/")
	want := []string{"GET /_x/items/{id}", "POST /_x/click"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("Registered = %q, want %q", got, want)
	}
}
