// Bot is the bot the tests of -run run: it answers /ping with its process
// id, serves webhook events at /events, and registers its commands when
// its first argument is sync. As it starts it prints the variables -run
// gives it, for the tests to compare with the credentials.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
	"github.com/switchboard-go/switchboard/webhook"
)

func main() {
	addr := flag.String("addr", "", "where to serve")
	key := flag.String("key", "", "the public key to verify with, in hex, instead of $SWITCHBOARD_PUBLIC_KEY")
	flag.Parse()
	r := router.New()
	r.Command("ping", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply(fmt.Sprintf("pong from %d", os.Getpid())), nil
	}, router.Description("Ping"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if flag.Arg(0) == "sync" {
		if err := registry.RunSync(ctx, flag.Args()[1:], mux.Definitions(), os.Getenv, os.Stdout, os.Stderr); err != nil {
			log.Fatal(err)
		}
		return
	}
	var vars []string
	for _, name := range []string{"BASE_URL", "APPLICATION_ID", "PUBLIC_KEY", "BOT_TOKEN", "CLIENT_ID", "CLIENT_SECRET", "GUILD_ID"} {
		vars = append(vars, name+"="+os.Getenv("SWITCHBOARD_"+name))
	}
	fmt.Printf("bot: %s PORT=%s\n", strings.Join(vars, " "), os.Getenv("PORT"))
	if *key == "" {
		*key = os.Getenv("SWITCHBOARD_PUBLIC_KEY")
	}
	verifier, err := interaction.NewVerifier(*key)
	if err != nil {
		log.Fatal(err)
	}
	events, err := webhook.NewEndpoint(verifier)
	if err != nil {
		log.Fatal(err)
	}
	e, err := endpoint.New(mux, verifier)
	if err != nil {
		log.Fatal(err)
	}
	s := &serve.Server{Addr: *addr, Endpoint: e, Events: events}
	if err := s.ListenAndServe(ctx); err != nil {
		log.Fatal(err)
	}
}
