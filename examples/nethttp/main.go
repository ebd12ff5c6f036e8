// Nethttp serves a bot's interactions endpoint with net/http: the
// *endpoint.Endpoint is an http.Handler, so it goes on an http.ServeMux
// beside the server's other routes, under the same middleware as they.
//
//	go run ./examples/nethttp
//
// The server has two routes: the endpoint, at /interactions, and a health
// check at /healthz for a load balancer. The endpoint hands each handler the
// request's context, so a plain net/http middleware reaches handlers too:
// here one that gives every request a deadline shorter than the service's 3
// seconds, so that a handler that runs late still answers in time.
//
// net/http sets no timeout by default: a client that sends nothing, or its
// headers a byte at a time, holds a connection for as long as it likes. A
// bot serves the routes with newServer's http.Server, which sets each one:
//
//	srv := newServer(":8080", routes(endpoint, answerWithin))
//	go srv.ListenAndServe()
//	<-ctx.Done()
//	srv.Shutdown(shutdownCtx) // the requests under way get their answers
package main

import (
	"context"
	"io"
	"net/http"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:  "nethttp",
	About: "the endpoint on a net/http ServeMux, beside a health check, under a timeout middleware",
	Bot:   func(playground.Env) (*router.Router, error) { return newBot(), nil },
	HTTP: func(endpoint *endpoint.Endpoint) http.Handler {
		return routes(endpoint, answerWithin)
	},
	// The example serves with the server a bot would run.
	HTTPServer: func(handler http.Handler) *http.Server { return newServer("", handler) },
	// The application's Interactions Endpoint URL ends in this path.
	EndpointPath: "/interactions",
	Script:       script,
}

const script = `
# The emulator posts each interaction to /interactions on the bot's net/http server, where the endpoint is mounted.
/stats period:day
# Counting a year takes longer than the server lets a request run: the middleware's deadline ends the handler's context, and the bot says so in time.
/stats period:year
# The client offers only the declared choices.
/stats period:decade
`

// answerWithin is how long the server lets a request run: less than the
// service's 3 seconds, leaving time for the answer to travel.
const answerWithin = 2 * time.Second

// routes is the bot's HTTP server.
func routes(endpoint http.Handler, timeout time.Duration) http.Handler {
	mux := http.NewServeMux()
	// The service posts to the application's Interactions Endpoint URL,
	// which is /interactions on this server. The endpoint itself answers
	// 405 to anything but POST, so the route takes every method.
	mux.Handle("/interactions", withTimeout(timeout, endpoint))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "ok\n")
	})
	return mux
}

// newServer returns the net/http server for routes on addr, with the
// timeouts and limits serve.Server sets on fasthttp.
func newServer(addr string, routes http.Handler) *http.Server {
	return &http.Server{
		Addr:    addr,
		Handler: routes,
		// A client gets this long for its headers, and for its whole
		// request; the service sends a few kilobytes at once.
		ReadHeaderTimeout: 2 * time.Second,
		ReadTimeout:       serve.DefaultReadTimeout,
		// net/http counts the handler's time in the write timeout, so it
		// is the service's deadline to answer plus the time to write.
		WriteTimeout: endpoint.DefaultResponseDeadline + serve.DefaultWriteTimeout,
		// Longer than load balancers keep an idle connection, so that
		// they close it first.
		IdleTimeout:    serve.DefaultIdleTimeout,
		MaxHeaderBytes: serve.DefaultMaxHeaderBytes,
	}
}

// withTimeout gives each request's context a deadline. The endpoint
// derives the context it hands handlers from the request's, so handlers
// see the earlier of this deadline and the service's.
func withTimeout(d time.Duration, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), d)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func newBot() *router.Router {
	r := router.New()
	r.Command("stats", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		// Counting a day's messages is quick; a year's is not.
		period, _ := req.Options.String("period")
		counting, when := time.Duration(0), "today"
		if period == "year" {
			counting, when = time.Minute, "this year"
		}
		t := time.NewTimer(counting)
		defer t.Stop()
		select {
		case <-t.C:
			return interaction.Reply("1,024 messages " + when + "."), nil
		case <-ctx.Done():
			// Work that cannot fit the deadline should defer its
			// answer instead (examples/deferred); this one gives up.
			return interaction.Reply("Counting the messages of " + when + " takes too long; try a shorter period.").Ephemeral(), nil
		}
	}, router.Description("How many messages were sent"), router.Options(
		option.String("period", "Over how long").Required().Choices(
			interaction.StringChoice("Today", "day"),
			interaction.StringChoice("This year", "year"),
		),
	))
	return r
}
