package routekey

import (
	"testing"

	"github.com/switchboard-go/switchboard/internal/testmain"
)

func TestMain(m *testing.M) { testmain.Exit(m.Run()) }
