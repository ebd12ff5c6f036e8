package switchboardtest_test

import (
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// region is the key of the context value the bot's middleware sets.
type region struct{}

// routes is the bot's net/http server: the endpoint at /interactions,
// under a middleware whose context reaches the handlers, beside a health
// check.
func routes(endpoint http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("POST /interactions", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		endpoint.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), region{}, "eu-west")))
	}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok\n") })
	return mux
}

// whereabouts is the bot: /where says where it is served.
func whereabouts() *router.Router {
	r := router.New()
	r.Command("where", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		at, _ := ctx.Value(region{}).(string)
		return interaction.Reply("Served from " + at + "."), nil
	}, router.Description("Where the bot runs"))
	return r
}

// testWhere serves the bot through its routes, as it is served.
func testWhere(t *testing.T) {
	bot := switchboardtest.New(t, whereabouts(), switchboardtest.WithRoutes("/interactions",
		func(e *endpoint.Endpoint) http.Handler { return routes(e) }))
	bot.Command("/where").Shows("Served from eu-west.")
}

// A bot served on net/http, through its own routes and middleware. The
// example's test runs as TestTheWithRoutesExampleTestPasses.
func ExampleWithRoutes() {}
