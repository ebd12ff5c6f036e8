package endpoint_test

import (
	"context"
	"encoding/json"
	"net"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttputil"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// The benchmarks below measure the request path on a typical slash command:
// interaction/testdata/slash_mod_ban.json, a 2.4 KB "/mod ban" with four
// options, a resolved user and member, the invoking member and the channel.
// Package router's BenchmarkDispatch measures the dispatch alone.
//
// Compare them within one run:
//
//	go test ./endpoint -run XXX -bench . -count 10 | tee new.txt
//	benchstat new.txt

// modBan reads every option the way a handler would.
func modBan(_ context.Context, req *router.Request) (interaction.Response, error) {
	user, err := req.Options.Get("user").User()
	if err != nil {
		return interaction.Response{}, err
	}
	_, _ = req.Options.String("reason")
	_, _ = req.Options.Int("days")
	_, _ = req.Options.Bool("notify")
	_ = user
	return interaction.Reply("Done.").Ephemeral(), nil
}

func benchMux(b *testing.B) *router.Mux {
	r := router.New(router.DispatchOnly())
	r.Command("ping", endpointtest.Reply("ping"))
	r.Command("mod ban", modBan)
	r.Command("mod kick", endpointtest.Reply("kick"))
	r.Command("mod user ban", endpointtest.Reply("user ban"))
	return endpointtest.Build(b, r)
}

// BenchmarkVerify is the floor of the request path: one Ed25519 verification.
func BenchmarkVerify(b *testing.B) {
	body := endpointtest.ModBan(b)
	key := interactiontest.NewKey("bench")
	v := key.Verifier()
	sig, ts := key.Sign(body)
	bsig, bts := []byte(sig), []byte(ts)
	b.ReportAllocs()
	for b.Loop() {
		if err := v.Verify(bsig, bts, body); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecode(b *testing.B) {
	body := endpointtest.ModBan(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		var ix interaction.Interaction
		if err := interaction.Decode(body, &ix); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEndpoint runs the whole path through the fasthttp handler in
// memory: verify, decode, dispatch, read options, encode.
func BenchmarkEndpoint(b *testing.B) {
	key := interactiontest.NewKey("bench")
	e := newEndpoint(b, benchMux(b), key.Verifier())
	endpointtest.Loop(b, e.ServeFastHTTP, key, endpointtest.ModBan(b), endpointtest.Status(200))
}

// serverBench sends the fixture, signed, to a fasthttp server running h
// over in-memory connections, from several clients at once so that both
// cores stay busy as they would under load. It reports the CPU time of
// client and server per request beside the wall time: with one request in
// flight, the idle core spins looking for work, which is neither HTTP's
// cost nor the handler's.
func serverBench(b *testing.B, h fasthttp.RequestHandler, key *interactiontest.Key) {
	body := endpointtest.ModBan(b)
	ln := fasthttputil.NewInmemoryListener()
	srv := &fasthttp.Server{Handler: h}
	go srv.Serve(ln) //nolint:errcheck // ends when the listener closes
	defer srv.Shutdown()
	client := &fasthttp.Client{
		Dial:                      func(string) (net.Conn, error) { return ln.Dial() },
		MaxIdemponentCallAttempts: 1,
		ReadTimeout:               5 * time.Second,
	}
	sig, ts := key.Sign(body)
	b.ReportAllocs()
	b.SetParallelism(4)
	var n atomic.Int64
	before := cpuTime(b)
	b.RunParallel(func(pb *testing.PB) {
		req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
		defer fasthttp.ReleaseRequest(req)
		defer fasthttp.ReleaseResponse(resp)
		req.SetRequestURI("http://bot/interactions")
		req.Header.SetMethod("POST")
		req.Header.Set(endpoint.HeaderSignature, sig)
		req.Header.Set(endpoint.HeaderTimestamp, ts)
		req.SetBody(body)
		for pb.Next() {
			if err := client.Do(req, resp); err != nil {
				b.Error(err)
				return
			}
			if resp.StatusCode() != 200 {
				b.Errorf("status %d: %s", resp.StatusCode(), resp.Body())
				return
			}
			n.Add(1)
		}
	})
	b.ReportMetric(float64(cpuTime(b)-before)/float64(n.Load()), "cpu-ns/op")
}

// cpuTime returns the CPU time the process has used, user and system.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkServerBare is a fasthttp request that does nothing: the cost of
// HTTP itself, client and server, on this harness.
func BenchmarkServerBare(b *testing.B) {
	serverBench(b, func(rc *fasthttp.RequestCtx) {
		rc.SetContentType("application/json")
		rc.SetBodyString(`{"type":4,"data":{"content":"Done.","flags":64}}`)
	}, interactiontest.NewKey("bench"))
}

// BenchmarkServerEndpoint is the same harness serving the endpoint; compare
// it with BenchmarkServerBare + BenchmarkVerify.
func BenchmarkServerEndpoint(b *testing.B) {
	key := interactiontest.NewKey("bench")
	e := newEndpoint(b, benchMux(b), key.Verifier())
	serverBench(b, e.ServeFastHTTP, key)
}

// BenchmarkEndpointHandOver runs the path of a route declared Queued on
// an endpoint with a queue, as on Lambda: verify, decode, dispatch,
// defer at once, and hand the job, proved and in JSON, to a queue that
// drops it where a queue.Func would send it to SQS.
func BenchmarkEndpointHandOver(b *testing.B) {
	body := endpointtest.ModBan(b)
	key := interactiontest.NewKey("bench")
	r := router.New(router.DispatchOnly())
	r.Command("mod ban", modBan, router.Queued())
	mux, err := r.Build()
	if err != nil {
		b.Fatal(err)
	}
	client, err := rest.NewClient("http://127.0.0.1:1/api/v10", rest.NoAuth{})
	if err != nil {
		b.Fatal(err)
	}
	var sent atomic.Int64
	q := queue.Func(func(ctx context.Context, job queue.Job) error {
		data, err := json.Marshal(job)
		sent.Add(int64(len(data)))
		return err
	})
	e := newEndpoint(b, mux, key.Verifier(), endpoint.WithClient(client), endpoint.WithQueue(q), endpoint.WithJobKeys(queue.RandomKeys()), endpoint.WithJobClaims(replay.NewMemoryGuard(0)))
	endpointtest.Loop(b, e.ServeFastHTTP, key, body, endpointtest.Status(200))
	if sent.Load() == 0 {
		b.Fatal("nothing was handed over")
	}
}
