package arikawaroute_test

import (
	"context"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/diamondburned/arikawa/v3/gateway"
	"github.com/diamondburned/arikawa/v3/session"
	"github.com/diamondburned/arikawa/v3/utils/handler"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/gateway/arikawaroute"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// A bot on the gateway: arikawa keeps the connection, and the router
// answers the interactions it receives.
func Example() {
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	token := os.Getenv("BOT_TOKEN")
	api, err := rest.NewClient(rest.APIv10, rest.BotToken(token))
	if err != nil {
		log.Fatal(err)
	}
	e, err := endpoint.NewGateway(mux, endpoint.WithClient(api))
	if err != nil {
		log.Fatal(err)
	}
	a, err := arikawaroute.New(e)
	if err != nil {
		log.Fatal(err) // an endpoint that cannot answer
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	id := gateway.DefaultIdentifier("Bot " + token)
	id.AddIntents(0) // interactions need none; without it arikawa sends null
	g, err := arikawaroute.NewGateway(ctx, id)
	if err != nil {
		log.Fatal(err)
	}
	s := session.NewWithGateway(g, handler.New())
	if _, err := a.Attach(s); err != nil {
		log.Fatal(err)
	}
	if err := s.Open(ctx); err != nil {
		log.Fatal(err)
	}
	<-ctx.Done()

	// Stop taking interactions, then answer those under way.
	if err := s.Close(); err != nil {
		log.Print(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := a.Wait(ctx); err != nil {
		log.Print("stopped with interactions unanswered: ", err)
	}
}
