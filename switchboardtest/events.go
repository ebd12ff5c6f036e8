package switchboardtest

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/webhook"
)

// ServeEvents serves e as the application's webhook events endpoint, at
// webhook.DefaultPath: the emulator checks it as the service checks a
// webhook events URL when it is saved, then delivers to it the event of
// each thing its users do that the application hears of (installing it,
// buying one of its SKUs, removing it: see emulator.Server). e verifies
// with the emulator's key, Emulator.PublicKey. When the test ends the
// endpoint stops taking events and its handlers are waited for. A bot
// serves one events endpoint: a second call fails the test.
func (b *Bot) ServeEvents(e *webhook.Endpoint) {
	b.t.Helper()
	if b.events != nil {
		b.t.Fatalf("switchboardtest: the bot already serves an events endpoint")
	}
	srv := httptest.NewServer(e)
	b.t.Cleanup(func() {
		srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		e.Wait(ctx) //nolint:errcheck // a test ending with a handler stuck gives up on it
	})
	if err := b.Emulator.Application(b.app).SetEventsURL(b.t.Context(), srv.URL+webhook.DefaultPath); err != nil {
		srv.Close()
		b.t.Fatalf("switchboardtest: the emulator refused the events endpoint: %v", err)
	}
	b.events = e
}

// WaitEvents waits until the emulator has delivered n webhook events in
// all, and the handlers of the endpoint ServeEvents serves have finished
// with them, and returns every delivery, oldest first. A delivery the
// endpoint did not acknowledge as the service asks fails the test, as
// does the Bot's wait (WithWait) passing first.
func (b *Bot) WaitEvents(n int) []emulator.EventDelivery {
	b.t.Helper()
	if b.events == nil {
		b.t.Fatalf("switchboardtest: WaitEvents without an events endpoint: serve one with ServeEvents")
	}
	ctx, cancel := context.WithTimeout(b.t.Context(), b.wait)
	defer cancel()
	ds, err := b.Emulator.WaitEvents(ctx, n)
	if err != nil {
		b.t.Fatalf("switchboardtest: waited %v for %d events; %d were delivered:\n%s", b.wait, n, len(ds), deliveries(ds))
	}
	for _, d := range ds {
		if !d.OK() {
			b.t.Fatalf("switchboardtest: an event was not acknowledged as the service asks:\n%s", deliveries(ds))
		}
	}
	if err := b.events.Wait(ctx); err != nil {
		b.t.Fatalf("switchboardtest: waited %v for the handlers of %d events: %v", b.wait, n, err)
	}
	return ds
}

// deliveries writes out what became of each delivery.
func deliveries(ds []emulator.EventDelivery) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "  %s answered %d after %v", d.Type, d.Status, d.Took.Round(time.Microsecond))
		for _, v := range d.Violations {
			fmt.Fprintf(&b, "; %s", v)
		}
		b.WriteString("\n")
	}
	if len(ds) == 0 {
		b.WriteString("  (none)\n")
	}
	return b.String()
}
