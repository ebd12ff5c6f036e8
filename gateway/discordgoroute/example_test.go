package discordgoroute_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/gateway/discordgoroute"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// A bot on discordgo's gateway whose commands a switchboard router
// serves, registered by its deploy's sync step (registry.RunSync). It
// runs until SIGINT or SIGTERM, then lets the interactions under way get
// their answers.
func Example() {
	token := os.Getenv("SWITCHBOARD_BOT_TOKEN")
	r := router.New()
	r.Command("hello", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("Hello, " + req.Invoker().Username + "!"), nil
	}, router.Description("Say hello"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	// The endpoint answers through the callback endpoint, with a client
	// of the API.
	api, err := rest.NewClient(rest.APIv10, rest.BotToken(token))
	if err != nil {
		log.Fatal(err)
	}
	e, err := endpoint.NewGateway(mux, endpoint.WithClient(api))
	if err != nil {
		log.Fatal(err)
	}
	a, err := discordgoroute.New(e)
	if err != nil {
		log.Fatal(err)
	}
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		log.Fatal(err)
	}
	// INTERACTION_CREATE needs no intent.
	s.Identify.Intents = discordgo.IntentsNone
	s.AddHandler(a.Handle)
	if err := s.Open(); err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
	s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	a.Shutdown(ctx)     // the first answers to the interactions under way
	e.WaitDeferred(ctx) // the answers the endpoint deferred
}

// A handler reads what the session delivering its interaction knows, such
// as the guild from the state discordgo keeps of the gateway's events.
func ExampleSessionFromContext() {
	r := router.New()
	r.Command("guild", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		s, ok := discordgoroute.SessionFromContext(ctx)
		if !ok {
			return interaction.Reply("This guild has no name I know of."), nil
		}
		g, err := s.State.Guild(req.Interaction.GuildID.String())
		if err != nil {
			return interaction.Response{}, err
		}
		return interaction.Reply(fmt.Sprintf("%s, on shard %d.", g.Name, s.ShardID)), nil
	}, router.Description("Name this guild"), router.Contexts(interaction.ContextGuild))
}
