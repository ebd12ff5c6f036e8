package endpoint_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"

	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
)

func ExampleEndpoint_ServeFastHTTP() {
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	key := interactiontest.NewKey("example") // in production: interaction.NewVerifier(publicKeyHex)
	e, err := endpoint.New(mux, key.Verifier())
	if err != nil {
		log.Fatal(err)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	// serve.Server does all of this, with timeouts and limits; a server
	// of one's own needs at least the body limit and the error handler,
	// which answers a body over the limit with the endpoint's 413.
	srv := &fasthttp.Server{
		Handler:            e.ServeFastHTTP,
		ErrorHandler:       e.FastHTTPErrorHandler,
		MaxRequestBodySize: e.MaxBodySize(),
		ReadTimeout:        serve.DefaultReadTimeout,
		WriteTimeout:       serve.DefaultWriteTimeout,
		IdleTimeout:        serve.DefaultIdleTimeout,
	}
	go srv.Serve(ln) // or srv.ListenAndServe(addr)
	defer srv.Shutdown()

	body := interactiontest.Command("ping").JSON()
	sig, ts := key.Sign(body)
	req, _ := http.NewRequest("POST", "http://"+ln.Addr().String()+"/interactions", bytes.NewReader(body))
	req.Header.Set(endpoint.HeaderSignature, sig)
	req.Header.Set(endpoint.HeaderTimestamp, ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, string(answer))
	// Output: 200 {"type":4,"data":{"content":"pong"}}
}
