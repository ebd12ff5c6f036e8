package concurrency_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/internal/testmain"
)

func TestMain(m *testing.M) { testmain.Exit(m.Run()) }
