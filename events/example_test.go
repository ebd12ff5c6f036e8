package events_test

import (
	"context"
	"log"
	"os"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/events"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
	"github.com/switchboard-go/switchboard/webhook"
)

// A bot's webhook events, served beside its interactions by one Server.
func ExampleNewEndpoint() {
	r := router.New()
	r.Command("ping", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(os.Getenv("SWITCHBOARD_PUBLIC_KEY"))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()

	events := events.NewEndpoint(verifier) // the key of the interactions endpoint
	events.OnApplicationAuthorized(func(ctx context.Context, ev *webhook.Event, a webhook.ApplicationAuthorized) error {
		if a.Guild != nil { // added to a server; without one, to the user's account
			log.Printf("%s added the app to %s", a.User.Username, a.Guild.Name)
		}
		return nil
	})
	events.OnApplicationDeauthorized(func(ctx context.Context, ev *webhook.Event, d webhook.ApplicationDeauthorized) error {
		log.Printf("%s removed the app", d.User.Username) // forget what the bot keeps of them
		return nil
	})
	events.OnEntitlementCreate(func(ctx context.Context, ev *webhook.Event, e interaction.Entitlement) error {
		log.Printf("SKU %v granted: entitlement %v", e.SKUID, e.ID) // bought, or given
		return nil
	})
	e, err := endpoint.New(mux, verifier)
	if err != nil {
		log.Fatal(err)
	}
	srv := &serve.Server{
		Addr:     ":8080",
		Endpoint: e,
		Events:   events, // at /events (EventsPath); the interactions at every other path
	}
	if err := srv.ListenAndServe(ctx); err != nil {
		log.Fatal(err)
	}
}
