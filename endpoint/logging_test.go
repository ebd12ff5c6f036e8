package endpoint_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/internal/stderrlog"
	"github.com/switchboard-go/switchboard/router"
)

// errCause is the error of the failing handler of loggingBot: what its
// operator must be able to read, though its user reads an apology.
var errCause = errors.New(`state: rem: the route "rem:{key}:confirm" names no part {rem}`)

// loggingBot is a router, made with opts, with a command that answers,
// one that fails with errCause and one that panics.
func loggingBot(opts ...router.Option) *router.Router {
	r := router.New(append([]router.Option{router.DispatchOnly()}, opts...)...)
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	})
	r.Command("remind", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Response{}, errCause
	})
	r.Command("panic", func(context.Context, *router.Request) (interaction.Response, error) {
		panic("handler bug")
	})
	return r
}

// logLine is one line a logger wrote, decoded.
type logLine map[string]any

// logLines decodes the JSON lines of s, failing the test on one that is
// not JSON.
func logLines(t *testing.T, s string) []logLine {
	t.Helper()
	var out []logLine
	for l := range strings.SplitSeq(strings.TrimSpace(s), "\n") {
		if l == "" {
			continue
		}
		var m logLine
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("a line logged is not JSON: %q: %v", l, err)
		}
		out = append(out, m)
	}
	return out
}

// find returns the first of ls whose message is msg.
func find(ls []logLine, msg string) (logLine, bool) {
	for _, l := range ls {
		if l["message"] == msg {
			return l, true
		}
	}
	return nil, false
}

// childEnv names the variable that makes the test binary, run again by
// TestTheDefaultLoggerWritesErrorsOnStandardError, serve a bot with the
// default logger.
const childEnv = "SWITCHBOARD_ENDPOINT_DEFAULT_LOG_CHILD"

// The default is checked in a process of its own, whose standard error
// is read: the real one, not a writer put in its place.
func TestTheDefaultLoggerWritesErrorsOnStandardError(t *testing.T) {
	t.Parallel()
	if os.Getenv(childEnv) == "1" {
		serveWithTheDefaultLogger(t)
		return
	}
	cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestTheDefaultLoggerWritesErrorsOnStandardError$", "-test.count=1")
	// The child need not sleep a second at exit, as a binary built with
	// -race does for goroutines that may yet report a race: the one test
	// it runs has ended, and a race within it fails that test.
	cmd.Env = append(os.Environ(), childEnv+"=1", "GORACE="+os.Getenv("GORACE")+" atexit_sleep_ms=0")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the bot's process: %v\nstdout:\n%s\nstderr:\n%s", err, &stdout, &stderr)
	}
	ls := logLines(t, stderr.String())
	failed, ok := find(ls, "handler failed")
	if !ok {
		t.Fatalf("standard error does not tell the handler's error:\n%s", &stderr)
	}
	if failed["level"] != "error" || failed["error"] != errCause.Error() || failed["command"] != "remind" || failed["time"] == nil {
		t.Errorf("the handler's error is logged as %v", failed)
	}
	panicked, ok := find(ls, "handler panicked")
	if !ok || panicked["level"] != "error" || panicked["panic"] != "handler bug" || panicked["stack"] == nil {
		t.Errorf("the panic is logged as %v, found %v", panicked, ok)
	}
	// The rest is routine: the answer, and the forged signature the
	// service sends when the URL is saved.
	if len(ls) != 2 {
		t.Errorf("standard error has %d lines, want the error's and the panic's:\n%s", len(ls), &stderr)
	}
}

// serveWithTheDefaultLogger serves, with the default logger, a forged
// request, a command that answers, one that fails and one that panics.
func serveWithTheDefaultLogger(t *testing.T) {
	key := interactiontest.NewKey("default log")
	e := newEndpoint(t, endpointtest.Build(t, loggingBot()), key.Verifier())
	serve := endpointtest.FrontEnds()[1].Do
	forged := endpointtest.Signed(interactiontest.NewKey("a stranger"), interactiontest.Ping().JSON())
	if got := serve(e, forged); got.Status != 401 {
		t.Errorf("the forged request: %d", got.Status)
	}
	if got := serve(e, endpointtest.Signed(key, interactiontest.Command("ping").JSON())); got.Status != 200 {
		t.Errorf("ping: %d %s", got.Status, got.Body)
	}
	got := serve(e, endpointtest.Signed(key, interactiontest.Command("remind").JSON()))
	if got.Status != 200 || !strings.Contains(got.Body, "Sorry, something went wrong") || strings.Contains(got.Body, "rem:") {
		t.Errorf("the user of the failing command reads %d %s, want only the apology", got.Status, got.Body)
	}
	if got := serve(e, endpointtest.Signed(key, interactiontest.Command("panic").JSON())); got.Status != 500 {
		t.Errorf("panic: %d", got.Status)
	}
}

// Each thing an endpoint logs, at the level that says whether the
// default writes it: what goes well at debug, what the service sent
// that the endpoint refused or could not serve at warn, a handler's
// failure at error.
func TestWhatTheEndpointLogsAndAtWhatLevel(t *testing.T) {
	key := interactiontest.NewKey("levels")
	unknown := interactiontest.Command("ping").JSON()
	unknown = bytes.Replace(unknown, []byte(`"type":2`), []byte(`"type":99`), 1)
	tests := []struct {
		name  string
		call  endpointtest.Call
		level string
		msg   string
	}{
		{"an answer", endpointtest.Signed(key, interactiontest.Command("ping").JSON()), "debug", "answered"},
		{"a forged signature", endpointtest.Signed(interactiontest.NewKey("a stranger"), interactiontest.Ping().JSON()), "debug", "request refused"},
		{"a handler's error", endpointtest.Signed(key, interactiontest.Command("remind").JSON()), "error", "handler failed"},
		{"a panic", endpointtest.Signed(key, interactiontest.Command("panic").JSON()), "error", "handler panicked"},
		{"a command no handler serves", endpointtest.Signed(key, interactiontest.Command("gone").JSON()), "warn", "no handler for the command"},
		{"a signed body that is not an interaction", endpointtest.Signed(key, []byte(`{"type":2}`)), "warn", "refused a signed request that is not an interaction"},
		{"a signed interaction of an unknown type", endpointtest.Signed(key, unknown), "warn", "refused an interaction of a type this version does not serve"},
		{"a webhook event's PING", endpointtest.Signed(key, []byte(`{"version":1,"application_id":"1","type":0}`)), "debug", "refused a webhook event's PING: webhook events have an endpoint of their own (package webhook)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, a := range endpointtest.FrontEnds() {
				var log endpointtest.LogBuffer
				e := newEndpoint(t, endpointtest.Build(t, loggingBot(router.WithLogger(zerolog.New(&log)))), key.Verifier())
				a.Do(e, tt.call)
				l, ok := find(logLines(t, log.String()), tt.msg)
				if !ok || l["level"] != tt.level {
					t.Errorf("%s: logged %s, want %q at %s", a.Name, log.String(), tt.msg, tt.level)
				}
			}
		})
	}
}

func TestAnAnswerReadyAfterTheDeadlineIsLogged(t *testing.T) {
	key := interactiontest.NewKey("late")
	r := router.New(router.DispatchOnly())
	r.Command("slow", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		<-ctx.Done() // ends at the deadline: the margin is none
		return interaction.Reply("too late"), nil
	})
	var log endpointtest.LogBuffer
	e := newEndpoint(t, endpointtest.Build(t, r), key.Verifier(), endpoint.WithLogger(zerolog.New(&log)),
		endpoint.WithResponseDeadline(time.Millisecond), endpoint.WithAnswerMargin(0))
	endpointtest.FrontEnds()[1].Do(e, endpointtest.Signed(key, interactiontest.Command("slow").JSON()))
	l, ok := find(logLines(t, log.String()), "the answer was ready after the service had stopped waiting: the user saw the interaction fail")
	if !ok || l["level"] != "warn" || l["command"] != "slow" {
		t.Errorf("logged %s", log.String())
	}
}

// The default's level leaves out what goes well.
func TestTheDefaultLevelWritesOnlyWhatNeedsALook(t *testing.T) {
	key := interactiontest.NewKey("quiet")
	var log endpointtest.LogBuffer
	e := newEndpoint(t, endpointtest.Build(t, loggingBot(router.WithLogger(stderrlog.To(&log)))), key.Verifier())
	serve := endpointtest.FrontEnds()[0].Do
	serve(e, endpointtest.Signed(interactiontest.NewKey("a stranger"), interactiontest.Ping().JSON()))
	serve(e, endpointtest.Signed(key, interactiontest.Ping().JSON()))
	serve(e, endpointtest.Signed(key, interactiontest.Command("ping").JSON()))
	if log.String() != "" {
		t.Errorf("what went well is logged:\n%s", log.String())
	}
	serve(e, endpointtest.Signed(key, interactiontest.Command("remind").JSON()))
	if ls := logLines(t, log.String()); len(ls) != 1 || ls[0]["message"] != "handler failed" {
		t.Errorf("logged %s, want the handler's error alone", log.String())
	}
}

// Which logger an endpoint's requests are logged to, handlers' errors
// included: the endpoint's (WithLogger), else the router's
// (router.WithLogger), else WithDefaultLogger's, given before or after
// WithLogger.
func TestWhichLoggerAnEndpointLogsTo(t *testing.T) {
	tests := []struct {
		name     string
		router   func(r, e, harness *endpointtest.LogBuffer) []router.Option
		endpoint func(r, e, harness *endpointtest.LogBuffer) []endpoint.Option
		want     string
	}{
		{
			"the router's, given to the router",
			func(r, _, _ *endpointtest.LogBuffer) []router.Option {
				return []router.Option{router.WithLogger(zerolog.New(r))}
			},
			func(_, _, h *endpointtest.LogBuffer) []endpoint.Option {
				return []endpoint.Option{endpoint.WithDefaultLogger(zerolog.New(h))}
			},
			"router",
		},
		{
			"the endpoint's, given to the endpoint",
			func(r, _, _ *endpointtest.LogBuffer) []router.Option {
				return []router.Option{router.WithLogger(zerolog.New(r))}
			},
			func(_, e, _ *endpointtest.LogBuffer) []endpoint.Option {
				return []endpoint.Option{endpoint.WithLogger(zerolog.New(e))}
			},
			"endpoint",
		},
		{
			"the harness's, when neither gives one",
			func(_, _, _ *endpointtest.LogBuffer) []router.Option { return nil },
			func(_, _, h *endpointtest.LogBuffer) []endpoint.Option {
				return []endpoint.Option{endpoint.WithDefaultLogger(zerolog.New(h))}
			},
			"harness",
		},
		{
			"the endpoint's, given after the harness's",
			func(_, _, _ *endpointtest.LogBuffer) []router.Option { return nil },
			func(_, e, h *endpointtest.LogBuffer) []endpoint.Option {
				return []endpoint.Option{endpoint.WithDefaultLogger(zerolog.New(h)), endpoint.WithLogger(zerolog.New(e))}
			},
			"endpoint",
		},
		{
			"the endpoint's, given before the harness's",
			func(_, _, _ *endpointtest.LogBuffer) []router.Option { return nil },
			func(_, e, h *endpointtest.LogBuffer) []endpoint.Option {
				return []endpoint.Option{endpoint.WithLogger(zerolog.New(e)), endpoint.WithDefaultLogger(zerolog.New(h))}
			},
			"endpoint",
		},
	}
	key := interactiontest.NewKey("which")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r, e, h endpointtest.LogBuffer
			ep := newEndpoint(t, endpointtest.Build(t, loggingBot(tt.router(&r, &e, &h)...)), key.Verifier(), tt.endpoint(&r, &e, &h)...)
			endpointtest.FrontEnds()[0].Do(ep, endpointtest.Signed(key, interactiontest.Command("remind").JSON()))
			got := map[string]string{"router": r.String(), "endpoint": e.String(), "harness": h.String()}
			for name, s := range got {
				if has := strings.Contains(s, "handler failed"); has != (name == tt.want) {
					t.Errorf("the %s's logger has the error: %v, want it in the %s's", name, has, tt.want)
				}
			}
		})
	}
}

// Middleware logs to the endpoint's logger too, through the request.
func TestRequestLoggerIsTheEndpointsLogger(t *testing.T) {
	key := interactiontest.NewKey("middleware")
	r := router.New(router.DispatchOnly())
	r.Command("ping", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		req.Logger().Info().Msg("from the handler")
		return interaction.Reply("pong"), nil
	})
	var log endpointtest.LogBuffer
	e := newEndpoint(t, endpointtest.Build(t, r), key.Verifier(), endpoint.WithLogger(zerolog.New(&log)))
	endpointtest.FrontEnds()[0].Do(e, endpointtest.Signed(key, interactiontest.Command("ping").JSON()))
	if !strings.Contains(log.String(), "from the handler") {
		t.Errorf("the endpoint's logger has %q", log.String())
	}
}
