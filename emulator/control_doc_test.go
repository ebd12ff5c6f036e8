package emulator

import (
	"path/filepath"
	"testing"

	"github.com/switchboard-go/switchboard/internal/routedoc"
)

// The reference of the control API, docs/control-api.md, names every route
// the emulator registers under /_emulator/, and no other.
func TestTheControlAPIReferenceNamesEveryRoute(t *testing.T) {
	routedoc.Check(t, ".", controlPrefix, filepath.Join("..", "docs", "control-api.md"), 20)
}
