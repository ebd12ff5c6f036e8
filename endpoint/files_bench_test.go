package endpoint_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

// BenchmarkEndpointFile1MiB is BenchmarkEndpoint with an answer that
// carries a 1 MiB file, on an endpoint without a REST client: the answer
// and the file are the HTTP response, as multipart/form-data.
func BenchmarkEndpointFile1MiB(b *testing.B) {
	content := bytes.Repeat([]byte("0123456789abcdef"), 1<<16)
	r := router.New(router.DispatchOnly())
	r.Command("mod ban", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("The log").WithFile("ban.log", "text/plain", bytes.NewReader(content)), nil
	})
	mux, err := r.Build()
	if err != nil {
		b.Fatal(err)
	}
	body := fixture(b)
	key := interactiontest.NewKey("bench")
	e := newEndpoint(b, mux, key.Verifier())
	sig, ts := key.Sign(body)
	var rc fasthttp.RequestCtx
	b.SetBytes(int64(len(content)))
	b.ReportAllocs()
	for b.Loop() {
		rc.Request.Reset()
		rc.Response.Reset()
		rc.Request.Header.SetMethod("POST")
		rc.Request.Header.Set(endpoint.HeaderSignature, sig)
		rc.Request.Header.Set(endpoint.HeaderTimestamp, ts)
		rc.Request.SetBody(body)
		e.ServeFastHTTP(&rc)
		if rc.Response.StatusCode() != 200 || !strings.HasPrefix(string(rc.Response.Header.ContentType()), "multipart/form-data") ||
			len(rc.Response.Body()) < len(content) {
			b.Fatalf("status %d %s, %d bytes", rc.Response.StatusCode(), rc.Response.Header.ContentType(), len(rc.Response.Body()))
		}
	}
}
