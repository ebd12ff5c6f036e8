package main

import (
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// newTestBot serves the bot through its routes, at /interactions, with
// the deadline the middleware gives each request.
func newTestBot(t *testing.T, timeout time.Duration) *switchboardtest.Bot {
	return switchboardtest.New(t, newBot(), switchboardtest.WithRoutes("/interactions",
		func(e *endpoint.Endpoint) http.Handler { return routes(e, timeout) }))
}

func TestStatsCountsADayInTime(t *testing.T) {
	bot := newTestBot(t, time.Second)
	x := bot.Command("/stats period:day")
	if got := x.Content(); got != "1,024 messages today." || x.Ephemeral() {
		t.Errorf("answered %q\n%s", got, x)
	}
}

// Counting a year takes longer than the server lets a request run: the
// middleware's deadline ends the handler's context, and the bot says so
// in time, without deferring.
func TestTheMiddlewaresDeadlineEndsAYearsCount(t *testing.T) {
	const timeout = 100 * time.Millisecond
	bot := newTestBot(t, timeout)
	x := bot.Command("/stats period:year")
	if got := x.Content(); got != "Counting the messages of this year takes too long; try a shorter period." || !x.Ephemeral() {
		t.Errorf("answered %q\n%s", got, x)
	}
	if x.Answer().Type != interaction.CallbackChannelMessageWithSource {
		t.Errorf("the answer is %v, not the message itself\n%s", x.Answer().Type, x)
	}
	if took := x.Result.Took; took < timeout || took > 2*time.Second {
		t.Errorf("answered after %v; the deadline was %v\n%s", took, timeout, x)
	}
}

func TestStatsOffersOnlyItsPeriods(t *testing.T) {
	bot := newTestBot(t, time.Second)
	if _, err := bot.TryCommand("/stats period:decade"); !errors.Is(err, emulator.ErrInvalidInput) {
		t.Errorf("a decade was sent: %v", err)
	}
}
