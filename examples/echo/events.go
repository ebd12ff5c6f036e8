package main

import (
	"context"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// newEvents returns the echo bot's webhook events endpoint: it answers
// every event, as the endpoint answers PINGs, and logs one line for each,
// naming its type, with its time and data. opts add to its settings.
func newEvents(v *interaction.Verifier, log zerolog.Logger, opts ...webhook.Option) (*webhook.Endpoint, error) {
	e, err := webhook.NewEndpoint(v, append([]webhook.Option{webhook.WithLogger(log)}, opts...)...)
	if err != nil {
		return nil, err
	}
	e.Fallback(webhook.HandlerFunc(func(_ context.Context, ev *webhook.Event) error {
		line := log.Info().Str("event", string(ev.Type)).Time("timestamp", ev.Timestamp)
		if len(ev.Data) > 0 {
			line = line.RawJSON("data", ev.Data)
		}
		line.Msg("event received")
		return nil
	}))
	return e, nil
}
