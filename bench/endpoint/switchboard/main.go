// Command switchboard serves /mod ban through the interactions endpoint
// as a bot would: declared with its options, served by package serve,
// its handler reading each option. It is measured against the prototype.
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"

	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8082", "the address to serve on")
	key := flag.String("key", "", "the application's public key, in hex")
	deferrable := flag.Bool("deferrable", false, "give the endpoint a REST client, so that a slow handler can be deferred (none here is)")
	plain := flag.Bool("plain", false, "serve with a fasthttp.Server of fasthttp's defaults, as the prototype does, rather than package serve's")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile to this file, until SIGINT or SIGTERM")
	flag.Parse()

	verifier, err := interaction.NewVerifier(*key)
	if err != nil {
		log.Fatal(err)
	}
	var opts []endpoint.Option
	if *deferrable {
		// Never called: every answer here is immediate.
		client, err := rest.NewClient("http://127.0.0.1:1/api/v10", rest.NoAuth{})
		if err != nil {
			log.Fatal(err)
		}
		opts = append(opts, endpoint.WithClient(client))
	}
	e, err := newEndpoint(verifier, modBan, opts...)
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
		defer pprof.StopCPUProfile()
	}
	if *plain {
		srv := &fasthttp.Server{Handler: e.ServeFastHTTP}
		go func() {
			<-ctx.Done()
			_ = srv.Shutdown()
		}()
		err = srv.ListenAndServe(*addr)
	} else {
		err = serve.ListenAndServe(ctx, *addr, e)
	}
	if err != nil {
		log.Print(err)
	}
}

// newEndpoint returns the endpoint of a router that declares /mod ban
// with its options, served by h, checking requests with v.
func newEndpoint(v *interaction.Verifier, h router.HandlerFunc, opts ...endpoint.Option) (*endpoint.Endpoint, error) {
	r := router.New()
	r.Group("mod", router.Description("Moderation"))
	r.Command("mod ban", h, router.Description("Ban a member"), router.Options(
		option.User("user", "Who to ban").Required(),
		option.String("reason", "Why"),
		option.Integer("days", "Days of messages to delete").Min(0).Max(7),
		option.Boolean("notify", "Tell them"),
	))
	mux, err := r.Build()
	if err != nil {
		return nil, err
	}
	return endpoint.New(mux, v, opts...)
}

// modBan reads every option as a handler would.
func modBan(_ context.Context, req *router.Request) (interaction.Response, error) {
	if _, err := req.Options.Get("user").User(); err != nil {
		return interaction.Response{}, err
	}
	_, _ = req.Options.String("reason")
	_, _ = req.Options.Int("days")
	_, _ = req.Options.Bool("notify")
	return interaction.Reply("Done.").Ephemeral(), nil
}
