package endpoint_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

// A harness serving a bot that chose no logger sends the bot's log where
// it is read, here standard output; the user reads only the apology.
func ExampleWithDefaultLogger() {
	r := router.New(router.DispatchOnly()) // no WithLogger: the bot's own choice would win
	r.Command("remind", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Response{}, errors.New("the reminders store is down")
	})
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	key := interactiontest.NewKey("example")
	harness := zerolog.New(os.Stdout).Level(zerolog.InfoLevel)
	e, err := endpoint.New(mux, key.Verifier(), endpoint.WithDefaultLogger(harness))
	if err != nil {
		log.Fatal(err)
	}

	body := interactiontest.Command("remind").Modify(func(ix *interaction.Interaction) { ix.ID = 7 }).JSON()
	sig, ts := key.Sign(body)
	req := httptest.NewRequest("POST", "/", strings.NewReader(string(body)))
	req.Header.Set(endpoint.HeaderSignature, sig)
	req.Header.Set(endpoint.HeaderTimestamp, ts)
	answer := httptest.NewRecorder()
	e.ServeHTTP(answer, req)
	fmt.Println(answer.Body.String())
	// Output:
	// {"level":"error","error":"the reminders store is down","command":"remind","interaction":"7","user":"1100000000000000005","message":"handler failed"}
	// {"type":4,"data":{"content":"Sorry, something went wrong while running this command.","flags":64}}
}
