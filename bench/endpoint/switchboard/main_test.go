package main

import (
	"context"
	"testing"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/bench/endpoint/internal/fixture"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// BenchmarkEndpoint measures, in memory, the endpoint this command
// serves, as served and then with one thing changed at a time: what
// each costs a request is the difference from "served" (from
// "distinct-ids" for the replay guards, whose requests must differ).
// Set beside the prototype's BenchmarkHandler:
//
//	go test ./bench/endpoint/prototype ./bench/endpoint/switchboard -run '^$' -bench . -count 6
//
// and compare cpu-ns/op, which other processes disturb less than ns/op.
func BenchmarkEndpoint(b *testing.B) {
	client, err := rest.NewClient("http://127.0.0.1:1/api/v10", rest.NoAuth{})
	if err != nil {
		b.Fatal(err)
	}
	for _, v := range []struct {
		name string
		// handler answers /mod ban; modBan when nil.
		handler router.HandlerFunc
		// opts are the endpoint's options, made afresh for each run of
		// the benchmark, so that a guard starts empty.
		opts func() []endpoint.Option
		// distinct sends each request with an interaction id of its
		// own, as an endpoint with a replay guard must be sent.
		distinct bool
	}{
		{name: "served"},
		// Logging: nothing is logged at the default level (info) when
		// all goes well; what remains is building the debug lines'
		// events, which zerolog drops at once.
		{name: "no-logger", opts: always(endpoint.WithLogger(zerolog.Nop()))},
		// The observer: the clock read at each step, and the record passed.
		{name: "observer", opts: always(endpoint.WithObserver(nopObserver{}))},
		// The resolved user: the resolved object read for the user's
		// entries, and their decoding.
		{name: "no-user", handler: modBanWithoutUser},
		// Every option read: the options, the resolved user and the
		// handler's own checks of its request.
		{name: "reads-nothing", handler: answerOnly},
		// The hand-off: the handler run on a goroutine of the
		// endpoint's pool while the request waits, with a timer for
		// the deferral.
		{name: "deferrable", opts: always(endpoint.WithClient(client))},
		{name: "deferrable-no-autodefer", opts: always(endpoint.WithClient(client), endpoint.WithoutAutoDefer())},
		// The replay guard, which the served endpoint has none of.
		{name: "distinct-ids", distinct: true},
		{name: "replay-guard-memory", distinct: true, opts: func() []endpoint.Option {
			return []endpoint.Option{endpoint.WithReplayGuard(replay.NewMemoryGuard(0))}
		}},
		// A guard elsewhere (Redis, say) without its round trip: each
		// call bounded in time (a derived context) and counted.
		{name: "replay-guard-elsewhere", distinct: true, opts: func() []endpoint.Option {
			return []endpoint.Option{endpoint.WithReplayGuard(elsewhere{replay.NewMemoryGuard(0)})}
		}},
	} {
		b.Run(v.name, func(b *testing.B) {
			h := v.handler
			if h == nil {
				h = modBan
			}
			var opts []endpoint.Option
			if v.opts != nil {
				opts = v.opts()
			}
			e, err := newEndpoint(fixture.Key().Verifier(), h, opts...)
			if err != nil {
				b.Fatal(err)
			}
			var reqs []fixture.Request
			if v.distinct {
				reqs = fixture.Distinct(b, b.N)
			}
			fixture.Serve(b, e.ServeFastHTTP, reqs...)
		})
	}
}

// always returns the same options every time.
func always(opts ...endpoint.Option) func() []endpoint.Option {
	return func() []endpoint.Option { return opts }
}

// modBanWithoutUser is modBan without the user: the other options only.
func modBanWithoutUser(_ context.Context, req *router.Request) (interaction.Response, error) {
	_, _ = req.Options.String("reason")
	_, _ = req.Options.Int("days")
	_, _ = req.Options.Bool("notify")
	return interaction.Reply("Done.").Ephemeral(), nil
}

// answerOnly answers without reading the request.
func answerOnly(context.Context, *router.Request) (interaction.Response, error) {
	return interaction.Reply("Done.").Ephemeral(), nil
}

// nopObserver is told everything and keeps nothing.
type nopObserver struct{}

func (nopObserver) ObserveRequest(endpoint.Observation)   {}
func (nopObserver) ObserveCompletion(endpoint.Completion) {}

// elsewhere is a guard the endpoint takes for one outside the process:
// a MemoryGuard under another type.
type elsewhere struct{ *replay.MemoryGuard }

// The steps of the endpoint's path that the prototype takes too, each
// set beside the prototype's benchmark of the same name.

// BenchmarkVerify is the endpoint's signature check: the verifier's
// Verify, as the endpoint calls it with the request's headers.
func BenchmarkVerify(b *testing.B) {
	r := fixture.Signed(b)
	v := fixture.Key().Verifier()
	sig, ts := []byte(r.Signature), []byte(r.Timestamp)
	b.ReportAllocs()
	defer fixture.CountCPU(b)()
	for b.Loop() {
		if err := v.Verify(sig, ts, r.Body); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecode decodes the fixture as the endpoint does, leaving the
// resolved data for the first look-up.
func BenchmarkDecode(b *testing.B) {
	body := fixture.Body(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	defer fixture.CountCPU(b)()
	for b.Loop() {
		var ix interaction.Interaction
		if err := interaction.Decode(body, &ix); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeUser is BenchmarkDecode and the user option's look-up
// in the resolved data, the first, which reads the object for the user's
// entries: the difference from BenchmarkDecode is what reading the user
// costs.
func BenchmarkDecodeUser(b *testing.B) {
	body := fixture.Body(b)
	b.ReportAllocs()
	defer fixture.CountCPU(b)()
	for b.Loop() {
		var ix interaction.Interaction
		if err := interaction.Decode(body, &ix); err != nil {
			b.Fatal(err)
		}
		if _, err := router.NewRequest(&ix).Options.Get("user").User(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAnswer makes the handler's reply and writes it as JSON, as
// the endpoint does into the response's buffer.
func BenchmarkAnswer(b *testing.B) {
	buf := make([]byte, 0, 256)
	b.ReportAllocs()
	defer fixture.CountCPU(b)()
	for b.Loop() {
		var err error
		if buf, err = interaction.Reply("Done.").Ephemeral().AppendJSON(buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAnswerCheck is the check the endpoint makes of every answer
// before it sends it: that the service would take it.
func BenchmarkAnswerCheck(b *testing.B) {
	var ix interaction.Interaction
	if err := interaction.Decode(fixture.Body(b), &ix); err != nil {
		b.Fatal(err)
	}
	reply := interaction.Reply("Done.").Ephemeral()
	b.ReportAllocs()
	defer fixture.CountCPU(b)()
	for b.Loop() {
		if err := answer.Check(&ix, reply); err != nil {
			b.Fatal(err)
		}
	}
}
