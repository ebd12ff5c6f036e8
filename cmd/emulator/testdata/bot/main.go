// Bot is the bot the tests of -run run: it answers /ping with its process
// id, serves webhook events at /events, and registers its commands when
// its first argument is sync; with -gateway it serves no HTTP and
// receives its interactions on the emulator's gateway. As it starts it
// prints the variables -run gives it, for the tests to compare with the
// credentials.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/gatewayclient"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
	"github.com/switchboard-go/switchboard/webhook"
)

func main() {
	addr := flag.String("addr", "", "where to serve")
	key := flag.String("key", "", "the public key to verify with, in hex, instead of $SWITCHBOARD_PUBLIC_KEY")
	gateway := flag.Bool("gateway", false, "receive interactions on the gateway, and serve no HTTP")
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
	if *gateway {
		if err := overGateway(mux); err != nil {
			log.Fatal(err)
		}
		return
	}
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

// overGateway receives the interactions of mux on the emulator's gateway
// until the process is told to stop.
func overGateway(mux *router.Mux) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	base, token := os.Getenv("SWITCHBOARD_BASE_URL"), os.Getenv("SWITCHBOARD_BOT_TOKEN")
	client, err := rest.NewClient(base, rest.BotToken(token))
	if err != nil {
		return err
	}
	e, err := endpoint.NewGateway(mux, endpoint.WithClient(client))
	if err != nil {
		return err
	}
	resp, err := http.Get(base + "/gateway")
	if err != nil {
		return err
	}
	var where struct{ URL string }
	err = json.NewDecoder(resp.Body).Decode(&where)
	resp.Body.Close()
	if err != nil {
		return err
	}
	c := gatewayclient.New(gatewayclient.Config{URL: where.URL, Token: token, Dispatch: func(name string, d json.RawMessage) {
		if name == "INTERACTION_CREATE" {
			e.Go(ctx, d)
		}
	}})
	if err := c.Run(ctx); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}
