package metrics_test

import (
	"context"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/metrics"
	"github.com/switchboard-go/switchboard/router"
)

// The benchmarks below measure what metrics cost the request path, on the
// endpoint benchmark of package endpoint: a 2.4 KB "/mod ban" verified,
// decoded, dispatched and answered through the fasthttp handler in memory.
// Compare them within one run:
//
//	go test ./metrics -run XXX -bench Endpoint -count 6 | tee new.txt
//	benchstat -col /metrics new.txt

func benchEndpoint(b *testing.B, opts ...endpoint.Option) {
	r := router.New(router.DispatchOnly())
	reply := func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("Done.").Ephemeral(), nil
	}
	r.Command("ping", reply)
	r.Command("mod ban", reply)
	r.Command("mod kick", reply)
	key := interactiontest.NewKey("bench")
	e, err := endpoint.New(endpointtest.Build(b, r), key.Verifier(), opts...)
	if err != nil {
		b.Fatal(err)
	}
	endpointtest.Loop(b, e.ServeFastHTTP, key, endpointtest.ModBan(b), endpointtest.Status(200))
}

func BenchmarkEndpoint(b *testing.B) {
	b.Run("metrics=none", func(b *testing.B) { benchEndpoint(b) })
	b.Run("metrics=prometheus", func(b *testing.B) {
		m, err := metrics.New(prometheus.NewRegistry())
		if err != nil {
			b.Fatal(err)
		}
		benchEndpoint(b, m.Endpoint())
	})
}

// BenchmarkObserveRequest is the cost of counting one answered
// interaction: a counter, and the handler, verification and request
// histograms.
func BenchmarkObserveRequest(b *testing.B) {
	m, err := metrics.New(prometheus.NewRegistry())
	if err != nil {
		b.Fatal(err)
	}
	x := endpoint.Observation{Type: interaction.TypeApplicationCommand, Route: "mod ban", Outcome: endpoint.OutcomeAnswered,
		Status: 200, Verification: 60 * time.Microsecond, HandlerTime: 3 * time.Microsecond, Handled: true, Duration: 80 * time.Microsecond}
	b.ReportAllocs()
	for b.Loop() {
		m.ObserveRequest(x)
	}
}
