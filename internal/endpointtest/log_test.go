package endpointtest_test

import (
	"sync"
	"testing"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/internal/endpointtest"
)

// Lines logged from several goroutines at once come out whole, each a
// line of JSON.
func TestALogBufferKeepsTheLinesOfGoroutinesWhole(t *testing.T) {
	var log endpointtest.LogBuffer
	logger := zerolog.New(&log)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() { logger.Info().Int("goroutine", i).Msg("hello") })
	}
	wg.Wait()
	lines := endpointtest.LogLines(t, log.String())
	if len(lines) != 8 {
		t.Fatalf("%d lines, want 8:\n%s", len(lines), log.String())
	}
	for _, l := range lines {
		if l["message"] != "hello" || l["level"] != "info" {
			t.Errorf("a line reads %v", l)
		}
	}
}

func TestLogLinesOfAnEmptyLogAreNone(t *testing.T) {
	if lines := endpointtest.LogLines(t, ""); len(lines) != 0 {
		t.Errorf("an empty log has lines %v", lines)
	}
}
