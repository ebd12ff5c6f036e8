// Minimal is the smallest whole bot: one command, the sync step of a
// deploy, and the endpoint. The README shows it in full.
package main

import (
	"context"
	"log"
	"os"

	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/router"
)

func main() {
	r := router.New()
	r.Command("greet", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		name, _ := req.Options.String("name")
		return interaction.Reply("Hello, " + name + "!").WithAllowedMentions(interaction.NoMentions()), nil
	}, router.Description("Greet someone"), router.Options(option.String("name", "Who to greet").Required()))
	mux, err := r.Build() // the definitions, checked against every rule of the service
	if err != nil {
		log.Fatal(err)
	}
	if len(os.Args) > 1 && os.Args[1] == "sync" { // once per deploy: register the commands
		if err := registry.RunSync(context.Background(), os.Args[2:], mux.Definitions(), os.Getenv, os.Stdout, os.Stderr); err != nil {
			log.Fatal(err)
		}
		return
	}
	verifier, err := interaction.NewVerifier(os.Getenv("SWITCHBOARD_PUBLIC_KEY"))
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(fasthttp.ListenAndServe(":8080", router.NewEndpoint(mux, verifier).ServeFastHTTP))
}
