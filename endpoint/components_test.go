package endpoint_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/router"
)

func TestEndpointServesComponentsAndModals(t *testing.T) {
	var log bytes.Buffer
	r := router.New(router.DispatchOnly(), router.WithLogger(zerolog.New(&log).Level(zerolog.DebugLevel)))
	r.Component("count:{n}", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		n, err := req.Params.Get("n").Int()
		if err != nil {
			return interaction.Response{}, err
		}
		return interaction.Update("clicked " + strings.Repeat("I", int(n))), nil
	})
	r.Component("crash:{n}", func(context.Context, *router.Request) (interaction.Response, error) {
		panic("handler bug")
	})
	r.Modal("form:{id}", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("thanks for form " + req.Params.Get("id").Name()), nil
	})
	key := interactiontest.NewKey("components")
	forged := "crash:" + strings.Repeat("y", 3000)
	for _, a := range endpointtest.FrontEnds() {
		e := newEndpoint(t, endpointtest.Build(t, r), key.Verifier(), endpoint.WithReplayGuard(replay.NewMemoryGuard(0)))
		click := endpointtest.Signed(key, interactiontest.Button("count:3").JSON())
		for _, tt := range []struct {
			name   string
			call   endpointtest.Call
			status int
			body   string
		}{
			{"a button", click, 200, `{"type":7,"data":{"content":"clicked III"}}`},
			{"the same click again", click, 409, "already received"},
			{"a modal", endpointtest.Signed(key, interactiontest.ModalSubmit("form:7").JSON()), 200, `"content":"thanks for form id"`},
			{"a modal with a checkbox, a radio group left empty and a checkbox group", endpointtest.Signed(key, interactiontest.ModalSubmit("form:8").
				Checkbox("terms", true).RadioGroup("size", "").CheckboxGroup("extras").JSON()), 200, `"content":"thanks for form id"`},
			{"a component whose handler panics", endpointtest.Signed(key, interactiontest.Button(forged).JSON()), 500, "internal error"},
		} {
			got := a.Do(e, tt.call)
			if got.Status != tt.status || !strings.Contains(got.Body, tt.body) {
				t.Errorf("%s: %s: %d %s, want %d with %s", a.Name, tt.name, got.Status, got.Body, tt.status, tt.body)
			}
		}
	}
	out := log.String()
	for _, want := range []string{`"component":"count:{n}"`, `"modal":"form:{id}"`, `"component":"crash:{n}"`, "handler panicked"} {
		if !strings.Contains(out, want) {
			t.Errorf("the log lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, forged[:200]) {
		t.Errorf("the log holds the custom_id of %d characters", len(forged))
	}
}
