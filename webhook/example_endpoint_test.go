package webhook_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
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
	e, err := endpoint.New(mux, verifier)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()

	events, err := webhook.NewEndpoint(verifier) // the key of the interactions endpoint
	if err != nil {
		log.Fatal(err)
	}
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
	srv := &serve.Server{
		Addr:     ":8080",
		Endpoint: e,
		Events:   events, // at webhook.DefaultPath; the interactions at every other path
	}
	if err := srv.ListenAndServe(ctx); err != nil {
		log.Fatal(err)
	}
}

func ExampleEndpoint() {
	key := interactiontest.NewKey("example") // in production: interaction.NewVerifier(publicKeyHex)
	events, err := webhook.NewEndpoint(key.Verifier())
	if err != nil {
		log.Fatal(err)
	}
	welcomed := make(chan string, 1)
	events.OnApplicationAuthorized(func(ctx context.Context, ev *webhook.Event, a webhook.ApplicationAuthorized) error {
		// The service has had its 204 by now: the handler may take its
		// time, up to its context's deadline.
		if where, ok := a.Installation(); ok && where == interaction.GuildInstall {
			welcomed <- fmt.Sprintf("installed to %s by %s", a.Guild.Name, a.User.Username)
		}
		return nil
	})
	events.OnApplicationDeauthorized(func(ctx context.Context, ev *webhook.Event, d webhook.ApplicationDeauthorized) error {
		log.Printf("%s removed the app", d.User.Username)
		return nil
	})

	srv := &serve.Server{Events: events} // serves EventsPath, webhook.DefaultPath
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()

	// What the service sends when the app is added to a server.
	guild := interaction.GuildInstall
	data, err := json.Marshal(webhook.ApplicationAuthorized{
		IntegrationType: &guild,
		User:            interaction.User{ID: 1191213000000000013, Username: "ada"},
		Scopes:          []string{"applications.commands", "bot"},
		Guild:           &webhook.Guild{ID: 1191202000000000002, Name: "Analytical Engines"},
	})
	if err != nil {
		log.Fatal(err)
	}
	w := webhook.Body{Version: webhook.Version, ApplicationID: 1191201000000000001, Type: webhook.BodyEvent,
		Event: &webhook.Event{Type: webhook.TypeApplicationAuthorized, Timestamp: time.Now(), Data: data}}
	body, err := w.AppendJSON(nil)
	if err != nil {
		log.Fatal(err)
	}
	req, _ := http.NewRequest("POST", "http://"+ln.Addr().String()+webhook.DefaultPath, bytes.NewReader(body))
	sig, ts := key.Sign(body)
	req.Header.Set(endpoint.HeaderSignature, sig)
	req.Header.Set(endpoint.HeaderTimestamp, ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	resp.Body.Close()
	fmt.Println(resp.StatusCode)
	fmt.Println(<-welcomed)

	cancel()
	fmt.Println("stopped:", <-served)
	// Output:
	// 204
	// installed to Analytical Engines by ada
	// stopped: <nil>
}
