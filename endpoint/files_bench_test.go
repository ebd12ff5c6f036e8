package endpoint_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
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
	key := interactiontest.NewKey("bench")
	e := newEndpoint(b, mux, key.Verifier())
	b.SetBytes(int64(len(content)))
	endpointtest.Loop(b, e.ServeFastHTTP, key, endpointtest.ModBan(b), func(resp *fasthttp.Response) error {
		if resp.StatusCode() != 200 || !strings.HasPrefix(string(resp.Header.ContentType()), "multipart/form-data") ||
			len(resp.Body()) < len(content) {
			return fmt.Errorf("status %d %s, %d bytes", resp.StatusCode(), resp.Header.ContentType(), len(resp.Body()))
		}
		return nil
	})
}
