package router_test

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// ticketHandler serves the buttons of a ticket, whose number it reads
// from the part {ticket} of their custom_id.
type ticketHandler struct{}

func (ticketHandler) ServeInteraction(_ context.Context, req *router.Request) (interaction.Response, error) {
	n, err := req.Params.Get("ticket").Int()
	if err != nil {
		return interaction.Response{}, err
	}
	return interaction.Reply(fmt.Sprintf("Ticket %d closed.", n)), nil
}

// CheckRoute tells Build that the handler serves only a route whose
// pattern names the part {ticket}.
func (ticketHandler) CheckRoute(rt router.RouteInfo) error {
	if !slices.Contains(rt.Parts(), "ticket") {
		return errors.New("reads the ticket's number from a part {ticket}, which the pattern does not name")
	}
	return nil
}

// A handler that needs something of its route says so with CheckRoute,
// and a route that lacks it fails Build, not its first use.
func ExampleRouteChecker() {
	r := router.New()
	r.HandleComponent("ticket:{ticket}:close", ticketHandler{})
	r.HandleComponent("ticket:{id}:reopen", ticketHandler{})
	_, err := r.Build()
	fmt.Println(err)
	// Output:
	// ticket:{id}:reopen: component handler: reads the ticket's number from a part {ticket}, which the pattern does not name
}
