package endpoint_test

import (
	"encoding/hex"
	"testing"

	"github.com/valyala/fasthttp"
	"golang.org/x/crypto/ed25519"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/rest"
)

// BenchmarkServerVerifyBare is the floor the endpoint is measured against:
// the same harness as BenchmarkServerEndpoint, with a handler that does
// one signature check with the library, joining timestamp and body as the
// service signs them, and answers a fixed body. The endpoint's whole path
// (verify, decode, dispatch, options, encode) is held to within 1.15× of
// it:
//
//	go test ./endpoint -run '^$' -bench 'Server(VerifyBare|Endpoint)$' -count 10 | tee s.txt
//	benchstat -col /name s.txt   (or compare the two rows' medians)
func BenchmarkServerVerifyBare(b *testing.B) {
	key := interactiontest.NewKey("bench")
	pub, err := hex.DecodeString(key.PublicKeyHex())
	if err != nil {
		b.Fatal(err)
	}
	answer := []byte(`{"type":4,"data":{"content":"Done.","flags":64}}`)
	serverBench(b, func(rc *fasthttp.RequestCtx) {
		h := &rc.Request.Header
		var sig [ed25519.SignatureSize]byte
		if _, err := hex.Decode(sig[:], h.Peek(endpoint.HeaderSignature)); err != nil {
			rc.SetStatusCode(fasthttp.StatusUnauthorized)
			return
		}
		ts, body := h.Peek(endpoint.HeaderTimestamp), rc.PostBody()
		msg := append(append(make([]byte, 0, len(ts)+len(body)), ts...), body...)
		if !ed25519.Verify(pub, msg, sig[:]) {
			rc.SetStatusCode(fasthttp.StatusUnauthorized)
			return
		}
		rc.SetContentType("application/json")
		rc.SetBody(answer)
	}, key)
}

// BenchmarkServerEndpointDeferrable is BenchmarkServerEndpoint on an
// endpoint given a REST client, whose command handlers run apart so that a
// slow one can be deferred: the cost of that on a handler that answers at
// once. The client is never called.
func BenchmarkServerEndpointDeferrable(b *testing.B) {
	key := interactiontest.NewKey("bench")
	client, err := rest.NewClient("http://127.0.0.1:1/api/v10", rest.NoAuth{})
	if err != nil {
		b.Fatal(err)
	}
	e := newEndpoint(b, benchMux(b), key.Verifier(), endpoint.WithClient(client))
	serverBench(b, e.ServeFastHTTP, key)
}
