package awslambda_test

import (
	"os"
	"testing"

	"github.com/switchboard-go/switchboard/internal/testmain"
)

// The tests of the modes spend most of their time waiting out the
// endpoint's window.
func TestMain(m *testing.M) { os.Exit(testmain.Waiting(m)) }
