package switchboardtest_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// recordingTB is a testing.TB that records the test's log and the
// message it fails with, and runs its cleanups when told (end); as the
// testing package does, it panics when its log is written once the test
// has ended.
type recordingTB struct {
	testing.TB
	mu       sync.Mutex
	log      bytes.Buffer
	ended    bool
	message  string
	cleanups []func()
	once     sync.Once
}

func newRecordingTB(t *testing.T) *recordingTB {
	r := &recordingTB{TB: t}
	t.Cleanup(r.end)
	return r
}

func (r *recordingTB) Helper() {}

func (r *recordingTB) Fatalf(format string, args ...any) {
	r.message = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *recordingTB) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }

func (r *recordingTB) Output() io.Writer { return writerFunc(r.write) }

func (r *recordingTB) write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		panic("Log in goroutine after the test has completed")
	}
	return r.log.Write(p)
}

// end ends the test: its cleanups run, last registered first.
func (r *recordingTB) end() {
	r.once.Do(func() {
		for i := len(r.cleanups) - 1; i >= 0; i-- {
			r.cleanups[i]()
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		r.ended = true
	})
}

func (r *recordingTB) logged() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.log.String()
}

// run runs do as a test on r, and returns the message it failed with,
// or "".
func (r *recordingTB) run(do func(tb testing.TB)) string {
	done := make(chan struct{})
	go func() {
		defer close(done)
		do(r)
	}()
	<-done
	return r.message
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// remindBot is a bot, made with opts, whose /remind fails with a cause
// its user never reads.
func remindBot(opts ...router.Option) *router.Router {
	r := router.New(opts...)
	r.Command("remind", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Response{}, errors.New(`state: rem: the route "rem:{key}:confirm" names no part {rem}`)
	}, router.Description("Set a reminder"))
	return r
}

// A handler's error reaches the test's log and the failure of its
// exchange, beside the apology its user reads.
func TestAHandlersErrorIsInTheTestsLogAndItsFailure(t *testing.T) {
	tb := newRecordingTB(t)
	var bot *switchboardtest.Bot
	msg := tb.run(func(tb testing.TB) {
		bot = switchboardtest.New(tb, remindBot())
		bot.Command("/remind").Shows("Reminder set.")
	})
	const cause = `handler failed: state: rem: the route "rem:{key}:confirm" names no part {rem}`
	for _, want := range []string{
		`switchboardtest: the messages do not show "Reminder set."`,
		"  | Sorry, something went wrong while running this command.\n",
		"the bot logged:\n  error: " + cause + "\n",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the failure lacks %q:\n%s", want, msg)
		}
	}
	logged := tb.logged()
	if !strings.Contains(logged, "bot: error: "+cause+"  command=remind interaction=") {
		t.Errorf("the test's log lacks the cause:\n%s", logged)
	}
	if strings.Contains(logged, "request refused") || strings.Contains(logged, "debug") {
		t.Errorf("the test's log has the routine lines of debug:\n%s", logged)
	}

	// Once the test has ended, what the bot logs goes nowhere: the
	// test's log would panic.
	tb.end()
	log := bot.Logger()
	log.Error().Msg("a goroutine outlived the test")
	if strings.Contains(tb.logged(), "outlived") {
		t.Errorf("the bot's log was written after the test ended:\n%s", tb.logged())
	}
}

// A logger the bot chose wins over the test's log.
func TestALoggerTheBotChoseWins(t *testing.T) {
	tests := []struct {
		name string
		do   func(tb testing.TB, own io.Writer)
	}{
		{"given to the router", func(tb testing.TB, own io.Writer) {
			bot := switchboardtest.New(tb, remindBot(router.WithLogger(zerolog.New(own))))
			bot.Command("/remind").Shows("Reminder set.")
		}},
		{"given to the endpoint", func(tb testing.TB, own io.Writer) {
			bot := switchboardtest.New(tb, remindBot(), switchboardtest.WithEndpoint(endpoint.WithLogger(zerolog.New(own))))
			bot.Command("/remind").Shows("Reminder set.")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := newRecordingTB(t)
			var own endpointtest.LogBuffer
			msg := tb.run(func(tb testing.TB) { tt.do(tb, &own) })
			if !strings.Contains(msg, "Sorry, something went wrong") || strings.Contains(msg, "the bot logged") {
				t.Errorf("the failure:\n%s", msg)
			}
			if strings.Contains(tb.logged(), "handler failed") {
				t.Errorf("the test's log has the error:\n%s", tb.logged())
			}
			if !strings.Contains(own.String(), `"message":"handler failed"`) {
				t.Errorf("the bot's logger lacks the error: %s", own.String())
			}
		})
	}
}
