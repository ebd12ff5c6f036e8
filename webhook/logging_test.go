package webhook_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/webhook"
)

// childEnv names the variable that makes the test binary, run again by
// TestTheDefaultLoggerWritesHandlerErrorsOnStandardError, serve an event
// with the default logger.
const childEnv = "SWITCHBOARD_WEBHOOK_DEFAULT_LOG_CHILD"

// The default is checked in a process of its own, whose standard error
// is read: the real one, not a writer put in its place.
func TestTheDefaultLoggerWritesHandlerErrorsOnStandardError(t *testing.T) {
	if os.Getenv(childEnv) == "1" {
		key := interactiontest.NewKey("default log")
		e := endpointtest.NewEvents(t, key.Verifier())
		e.OnApplicationDeauthorized(func(context.Context, *webhook.Event, webhook.ApplicationDeauthorized) error {
			return errors.New("the database is down")
		})
		body := endpointtest.EventBody(t, webhook.TypeApplicationDeauthorized, webhook.ApplicationDeauthorized{User: ada})
		post := endpointtest.FrontEnds()[1].Do
		if got := post(e, endpointtest.Signed(interactiontest.NewKey("a stranger"), body)).Status; got != 401 {
			t.Errorf("the forged request: %d", got)
		}
		if got := post(e, endpointtest.Signed(key, body)).Status; got != 204 {
			t.Errorf("the event: %d", got)
		}
		if err := e.Wait(t.Context()); err != nil {
			t.Error(err)
		}
		return
	}
	cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestTheDefaultLoggerWritesHandlerErrorsOnStandardError$", "-test.count=1")
	// The child need not sleep a second at exit, as a binary built with
	// -race does for goroutines that may yet report a race: the one test
	// it runs has ended, and a race within it fails that test.
	cmd.Env = append(os.Environ(), childEnv+"=1", "GORACE="+os.Getenv("GORACE")+" atexit_sleep_ms=0")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the bot's process: %v\nstdout:\n%s\nstderr:\n%s", err, &stdout, &stderr)
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	if len(lines) != 1 {
		t.Fatalf("standard error has %d lines, want the handler's error alone:\n%s", len(lines), &stderr)
	}
	var l map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &l); err != nil {
		t.Fatalf("standard error is not a JSON line: %v\n%s", err, &stderr)
	}
	if l["level"] != "error" || l["message"] != "event handler failed" || l["error"] != "the database is down" ||
		l["event"] != "APPLICATION_DEAUTHORIZED" || l["time"] == nil {
		t.Errorf("the handler's error is logged as %v", l)
	}
}

// A request the service signed that is not an event is worth a look; a
// forged one is routine.
func TestWhatTheEndpointRefusesIsLoggedAtItsLevel(t *testing.T) {
	key := interactiontest.NewKey("levels")
	tests := []struct {
		name, level, msg string
		call             endpointtest.Call
	}{
		{"a forged signature", "debug", "request refused", endpointtest.Signed(interactiontest.NewKey("a stranger"), []byte(`{}`))},
		{"a signed body that is not an event", "warn", "refused a signed request that is not a webhook event", endpointtest.Signed(key, []byte(`{"type":7}`))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log endpointtest.LogBuffer
			e := endpointtest.NewEvents(t, key.Verifier(), webhook.WithLogger(zerolog.New(&log)))
			endpointtest.FrontEnds()[1].Do(e, tt.call)
			if !strings.Contains(log.String(), `{"level":"`+tt.level+`"`) || !strings.Contains(log.String(), `"message":"`+tt.msg+`"`) {
				t.Errorf("logged %s, want %q at %s", log.String(), tt.msg, tt.level)
			}
		})
	}
}
