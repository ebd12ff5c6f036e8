package endpoint_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"path"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// A bot that keeps a gateway connection, and has no interactions endpoint
// over HTTP, hands each interaction the gateway delivers to Receive, which
// answers it through the callback endpoint.
func ExampleEndpoint_Receive() {
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	// The service's REST API, which takes the answer; in production
	// rest.NewClient(rest.APIv10, rest.BotToken(token)).
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		fmt.Println(req.Method, path.Base(req.URL.Path), string(body))
		w.WriteHeader(http.StatusNoContent)
	}))
	defer api.Close()
	client, err := rest.NewClient(api.URL+"/api/v10", rest.NoAuth{})
	if err != nil {
		log.Fatal(err)
	}
	// No public key: the endpoint serves no HTTP.
	e, err := endpoint.NewGateway(mux, endpoint.WithClient(client))
	if err != nil {
		log.Fatal(err)
	}

	// The d of an INTERACTION_CREATE dispatch, as the gateway client
	// hands it over.
	d := interactiontest.Command("ping").JSON()
	if err := e.Receive(context.Background(), d); err != nil {
		log.Fatal(err)
	}

	// Without a client, nothing could post the answer.
	_, err = endpoint.NewGateway(mux)
	fmt.Println(err)
	// Output:
	// POST callback {"type":4,"data":{"content":"pong"}}
	// endpoint: NewGateway: the endpoint answers the interactions it receives through the callback endpoint, and has no REST client to do it: give it one with WithClient
}

// A gateway client's handler hands each interaction over with Go and
// returns at once; a graceful stop closes the connection, then waits for
// the interactions under way and their deferred answers.
func ExampleEndpoint_Go() {
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		fmt.Println(req.Method, path.Base(req.URL.Path), string(body))
		w.WriteHeader(http.StatusNoContent)
	}))
	defer api.Close()
	client, err := rest.NewClient(api.URL+"/api/v10", rest.NoAuth{})
	if err != nil {
		log.Fatal(err)
	}
	e, err := endpoint.NewGateway(mux, endpoint.WithClient(client))
	if err != nil {
		log.Fatal(err)
	}

	// The gateway client's handler of INTERACTION_CREATE.
	onInteraction := func(d []byte) { e.Go(context.Background(), d) }
	onInteraction(interactiontest.Command("ping").JSON())

	// The connection closed: no interaction comes after this.
	if err := e.WaitDeferred(context.Background()); err != nil {
		log.Fatal(err)
	}
	// Output:
	// POST callback {"type":4,"data":{"content":"pong"}}
}
