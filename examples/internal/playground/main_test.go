package playground

import (
	"os"
	"testing"

	"github.com/switchboard-go/switchboard/internal/testmain"
)

// The tests that run a session spend most of their time waiting for the
// bot to be quiet at the end of a script.
func TestMain(m *testing.M) { os.Exit(testmain.Waiting(m)) }
