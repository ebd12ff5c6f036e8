package web

import (
	"path/filepath"
	"testing"

	"github.com/switchboard-go/switchboard/internal/routedoc"
)

// docs/playground.md names every route of the playground's API, and no
// other.
func TestThePlaygroundReferenceNamesEveryRoute(t *testing.T) {
	routedoc.Check(t, ".", "/api/", filepath.Join("..", "..", "docs", "playground.md"), 10)
}
