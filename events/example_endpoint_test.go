package events_test

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"net"
	"net/http"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/events"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/serve"
	"github.com/switchboard-go/switchboard/webhook"
)

func ExampleEndpoint() {
	key := interactiontest.NewKey("example") // in production: interaction.NewVerifier(publicKeyHex)
	events := events.NewEndpoint(key.Verifier())
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

	srv := &serve.Server{Events: events} // serves EventsPath, "/events"
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()

	// What the service sends when the app is added to a server.
	guild := interaction.GuildInstall
	ev, err := webhook.New(webhook.TypeApplicationAuthorized, time.Now(), webhook.ApplicationAuthorized{
		IntegrationType: &guild,
		User:            interaction.User{ID: 1191213000000000013, Username: "ada"},
		Scopes:          []string{"applications.commands", "bot"},
		Guild:           &webhook.Guild{ID: 1191202000000000002, Name: "Analytical Engines"},
	})
	if err != nil {
		log.Fatal(err)
	}
	body, err := webhook.Wrap(1191201000000000001, ev).AppendJSON(nil)
	if err != nil {
		log.Fatal(err)
	}
	req, _ := http.NewRequest("POST", "http://"+ln.Addr().String()+"/events", bytes.NewReader(body))
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
