package examples

import (
	"testing"

	"github.com/switchboard-go/switchboard/internal/testmain"
)

// The tests wait on the go command, as it lists and builds the programs,
// and on the programs they run.
func TestMain(m *testing.M) { testmain.Exit(testmain.Waiting(m)) }
