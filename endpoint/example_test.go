package endpoint_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

// A router declares what the bot does; an endpoint serves it, configured
// by options of its own.
func ExampleNew() {
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	key := interactiontest.NewKey("example") // in production: interaction.NewVerifier(publicKeyHex)
	e, err := endpoint.New(mux, key.Verifier(), endpoint.WithMaxBodySize(64<<10))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(e.MaxBodySize())

	// A configuration that cannot serve as it says is an error.
	_, err = endpoint.New(mux, key.Verifier(), endpoint.WithFileAnswers(endpoint.FilesByCallback))
	fmt.Println(err)
	// Output:
	// 65536
	// endpoint: answers with files go to the callback endpoint (FilesByCallback), but the endpoint has no REST client to send them: give it one with WithClient
}

func ExampleEndpoint_ServeHTTP() {
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

	srv := httptest.NewServer(e) // or http.ListenAndServe(addr, e)
	defer srv.Close()

	body := interactiontest.Command("ping").JSON()
	sig, ts := key.Sign(body)
	req, _ := http.NewRequest("POST", srv.URL, strings.NewReader(string(body)))
	req.Header.Set(endpoint.HeaderSignature, sig)
	req.Header.Set(endpoint.HeaderTimestamp, ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	var answer interaction.Response
	if err := decodeJSON(resp, &answer); err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.StatusCode, answer.Message.Content)
	// Output: 200 pong
}

func decodeJSON(resp *http.Response, v *interaction.Response) error {
	b := new(strings.Builder)
	if _, err := io.Copy(b, resp.Body); err != nil {
		return err
	}
	return v.UnmarshalJSON([]byte(b.String()))
}
