package router_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

// A transport of one's own, such as one that receives interactions over
// a gateway connection and answers them through the REST client's
// callback, serves a Mux as package endpoint does: a Call per
// interaction, run under the transport's deadline, its answer delivered
// the transport's way.
func ExampleMux_Start() {
	r := router.New(router.DispatchOnly())
	r.Command("report", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("Weekly report: 12 tickets closed."), nil
	}, router.DeferEphemeral())
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}

	// What the transport received, decoded.
	ix := interactiontest.Command("report").Interaction()

	var c router.Call
	mux.Start(&c, ix, nil, nil) // a REST client, for answers after the first; the transport's logger
	t, ephemeral := c.Deferral()
	fmt.Println("route:", c.Route(), "deferred with:", t, "ephemeral:", ephemeral)

	ctx, cancel := context.WithTimeout(context.Background(), 2500*time.Millisecond)
	defer cancel()
	resp, err := c.Run(ctx) // the transport delivers resp, by the callback say
	fmt.Println(resp.Type, resp.Message.Content, err)
	// Output:
	// route: report deferred with: DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE ephemeral: true
	// CHANNEL_MESSAGE_WITH_SOURCE Weekly report: 12 tickets closed. <nil>
}
