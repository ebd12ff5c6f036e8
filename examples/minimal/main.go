// Minimal is the smallest whole bot: one command, the sync step of a
// deploy, and the endpoint. The README shows it in full.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
)

func main() {
	addr := flag.String("addr", ":8080", "where to serve the interactions endpoint (\"minimal sync\" registers the commands instead)")
	flag.Usage = func() {
		fmt.Fprint(flag.CommandLine.Output(), "minimal: one command, served with SWITCHBOARD_PUBLIC_KEY set\n\nUsage: go run ./examples/minimal [flags]\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	mux, err := newRouter().Build() // the definitions, checked against every rule of the service
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if flag.Arg(0) == "sync" { // once per deploy: register the commands
		if err := registry.RunSync(ctx, flag.Args()[1:], mux.Definitions(), os.Getenv, os.Stdout, os.Stderr); err != nil {
			log.Fatal(err)
		}
		return
	}
	verifier, err := interaction.NewVerifier(os.Getenv("SWITCHBOARD_PUBLIC_KEY"))
	if err != nil {
		log.Fatalf("SWITCHBOARD_PUBLIC_KEY: %v", err)
	}
	e, err := endpoint.New(mux, verifier)
	if err != nil {
		log.Fatal(err)
	}
	// Serves until SIGINT or SIGTERM, with timeouts and limits set for a public address.
	if err := serve.ListenAndServe(ctx, *addr, e); err != nil {
		log.Fatal(err)
	}
}

// newRouter declares the bot's commands and handlers; its test serves it
// to the embedded emulator (package switchboardtest).
func newRouter() *router.Router {
	r := router.New()
	r.Command("greet", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		name, _ := req.Options.String("name")
		return interaction.Reply("Hello, " + name + "!").WithAllowedMentions(interaction.NoMentions()), nil
	}, router.Description("Greet someone"), router.Options(option.String("name", "Who to greet").Required()))
	return r
}
