package serve_test

import (
	"context"
	"log"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
	"github.com/switchboard-go/switchboard/webhook"
)

func ExampleServer_events() {
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	verifier, err := interaction.NewVerifier("...") // the application's public key, in hex
	if err != nil {
		log.Fatal(err)
	}
	events, err := webhook.NewEndpoint(verifier)
	if err != nil {
		log.Fatal(err)
	}
	events.Fallback(webhook.HandlerFunc(func(ctx context.Context, ev *webhook.Event) error {
		log.Printf("%s at %v", ev.Type, ev.Timestamp)
		return nil
	}))
	// Interactions on every path but /events, the webhook events URL.
	e, err := endpoint.New(mux, verifier)
	if err != nil {
		log.Fatal(err)
	}
	srv := &serve.Server{
		Addr:     ":8080",
		Endpoint: e,
		Events:   events,
	}
	if err := srv.ListenAndServe(context.Background()); err != nil {
		log.Fatal(err)
	}
}
