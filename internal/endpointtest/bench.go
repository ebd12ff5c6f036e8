package endpointtest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// ModBan returns interaction/testdata/slash_mod_ban.json, the body the
// benchmarks of the request path measure: a 2.4 KB "/mod ban" with four
// options, a resolved user and member, the invoking member and the
// channel. The file is found from the directory go test runs a package's
// tests in, that of the package, up to the module's root.
func ModBan(tb testing.TB) []byte {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("endpointtest: no go.mod in the working directory or above it")
		}
		dir = parent
	}
	body, err := os.ReadFile(filepath.Join(dir, "interaction", "testdata", "slash_mod_ban.json"))
	if err != nil {
		tb.Fatal(err)
	}
	return body
}

// Loop serves body, signed by key, through h in memory for as long as
// b.Loop asks, as the service would send it, reusing one
// fasthttp.RequestCtx, and reports allocations. It ends the benchmark at
// the first answer check returns an error for.
func Loop(b *testing.B, h fasthttp.RequestHandler, key *interactiontest.Key, body []byte, check func(*fasthttp.Response) error) {
	b.Helper()
	sig, ts := key.Sign(body)
	var rc fasthttp.RequestCtx
	b.ReportAllocs()
	for b.Loop() {
		rc.Request.Reset()
		rc.Response.Reset()
		rc.Request.Header.SetMethod("POST")
		rc.Request.Header.Set(endpoint.HeaderSignature, sig)
		rc.Request.Header.Set(endpoint.HeaderTimestamp, ts)
		rc.Request.SetBody(body)
		h(&rc)
		if err := check(&rc.Response); err != nil {
			b.Fatal(err)
		}
	}
}

// Status returns a check for Loop that an answer's status is status.
func Status(status int) func(*fasthttp.Response) error {
	return func(resp *fasthttp.Response) error {
		if resp.StatusCode() != status {
			return fmt.Errorf("status %d: %s", resp.StatusCode(), resp.Body())
		}
		return nil
	}
}
