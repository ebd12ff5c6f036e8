package metrics_test

import (
	"bufio"
	"context"
	"fmt"
	"log"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/metrics"
	"github.com/switchboard-go/switchboard/router"
)

// A bot gives its metrics to its endpoint (and to its REST client and its
// events endpoint, if it has them), and serves them at /metrics. Here a
// signed interaction stands for one the service sends.
func ExampleNew() {
	reg := prometheus.NewRegistry()
	m, err := metrics.New(reg)
	if err != nil {
		log.Fatal(err)
	}
	r := router.New(router.DispatchOnly())
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	})
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	key := interactiontest.NewKey("example")
	// A real bot adds m.Client() to its rest.NewClient and m.Events() to
	// its webhook.NewEndpoint.
	e, err := endpoint.New(mux, key.Verifier(), m.Endpoint())
	if err != nil {
		log.Fatal(err)
	}

	body := interactiontest.Command("ping").JSON()
	sig, ts := key.Sign(body)
	req := httptest.NewRequest("POST", "/interactions", strings.NewReader(string(body)))
	req.Header.Set(endpoint.HeaderSignature, sig)
	req.Header.Set(endpoint.HeaderTimestamp, ts)
	e.ServeHTTP(httptest.NewRecorder(), req)

	// The metrics, as a scrape of /metrics reads them.
	scrape := httptest.NewRecorder()
	promhttp.HandlerFor(reg, promhttp.HandlerOpts{}).ServeHTTP(scrape, httptest.NewRequest("GET", "/metrics", nil))
	lines := bufio.NewScanner(scrape.Body)
	for lines.Scan() {
		if strings.HasPrefix(lines.Text(), "switchboard_interactions_total") {
			fmt.Println(lines.Text())
		}
	}
	// Output:
	// switchboard_interactions_total{outcome="answered",route="ping",type="APPLICATION_COMMAND"} 1
}

// spans stands for a tracer, such as OpenTelemetry's: Start begins a span
// under ctx's, and the function it returns ends it.
type spans struct{}

func (spans) Start(ctx context.Context, name string) (context.Context, func(err error)) {
	fmt.Println("span", name, "started")
	return ctx, func(err error) { fmt.Println("span", name, "ended, error:", err) }
}

// Tracing goes through middleware: it names each handler's span by the
// route it was registered for, which never holds what the interaction
// carries, and passes the span's context on to the handler, whose REST
// requests carry it. With OpenTelemetry, tracer.Start(ctx, name) and
// span.End take the place of spans.
func Example_tracing() {
	var tracer spans
	r := router.New(router.DispatchOnly())
	r.Use(func(next router.Handler) router.Handler {
		return router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			name := req.Pattern() // a component's or a modal's
			if name == "" {
				name = req.Path() // a command's
			}
			if req.Interaction.Type == interaction.TypeApplicationCommandAutocomplete {
				name += " autocomplete"
			}
			ctx, end := tracer.Start(ctx, name)
			resp, err := next.ServeInteraction(ctx, req)
			end(err)
			return resp, err
		})
	})
	r.Component("poll:{id}:vote", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Update("Voted."), nil
	})
	r.Command("weather", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("Sunny."), nil
	})
	r.Autocomplete("weather", "city", func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
		return []interaction.Choice{interaction.StringChoice("Paris", "paris")}, nil
	})
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	click := interactiontest.Button("poll:1100000000000000042:vote").Interaction()
	if _, err := mux.Dispatch(ctx, click); err != nil {
		log.Fatal(err)
	}
	typing := interactiontest.Autocomplete("weather").Focus("city", interaction.OptionString, interaction.StringValue("pa")).Interaction()
	if _, err := mux.Dispatch(ctx, typing); err != nil {
		log.Fatal(err)
	}
	// Output:
	// span poll:{id}:vote started
	// span poll:{id}:vote ended, error: <nil>
	// span weather autocomplete started
	// span weather autocomplete ended, error: <nil>
}
