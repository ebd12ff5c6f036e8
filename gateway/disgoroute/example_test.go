package disgoroute_test

import (
	"context"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/disgoorg/disgo"
	"github.com/disgoorg/disgo/bot"
	"github.com/disgoorg/disgo/gateway"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/gateway/disgoroute"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// A bot on the gateway: disgo keeps the connection, and the router
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
	a, err := disgoroute.New(e)
	if err != nil {
		log.Fatal(err) // an endpoint that cannot answer
	}
	client, err := disgo.New(token,
		// Interactions need no intent; the adapter reads raw events.
		bot.WithGatewayConfigOpts(gateway.WithEnableRawEvents(true)),
		bot.WithEventListeners(a),
	)
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := client.OpenGateway(ctx); err != nil {
		log.Fatal(err)
	}
	<-ctx.Done()

	// Stop taking interactions, then answer those under way.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	client.Close(ctx)
	if err := a.Wait(ctx); err != nil {
		log.Print("stopped with interactions unanswered: ", err)
	}
}
