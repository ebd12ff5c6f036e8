package serve_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
)

func ExampleServer() {
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	key := interactiontest.NewKey("example") // in production: interaction.NewVerifier(publicKeyHex)
	e, err := endpoint.New(mux, key.Verifier())
	if err != nil {
		log.Fatal(err)
	}
	srv := &serve.Server{
		Endpoint:   e,
		HealthPath: "/healthz",
	}

	// In a main, srv.Addr = ":8080" and srv.ListenAndServe(ctx), which
	// returns on SIGINT or SIGTERM. Here the server stops when ctx ends.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()

	resp, err := http.Get("http://" + ln.Addr().String() + "/healthz")
	if err != nil {
		log.Fatal(err)
	}
	health, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Printf("%d %s", resp.StatusCode, health)

	cancel()
	fmt.Println("stopped:", <-served)
	// Output:
	// 200 ok
	// stopped: <nil>
}

func ExampleListenAndServe() {
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
	e, err := endpoint.New(mux, verifier)
	if err != nil {
		log.Fatal(err)
	}
	// Serves until SIGINT or SIGTERM, then lets the requests under way
	// finish and returns nil.
	if err := serve.ListenAndServe(context.Background(), ":8080", e); err != nil {
		log.Fatal(err)
	}
}
