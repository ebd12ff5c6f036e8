package endpointtest_test

import (
	"io"
	"testing"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
)

// Both front ends hand the call over whole, and return the status, body
// and headers the endpoint answered with.
func TestTheFrontEndsAnswerAlike(t *testing.T) {
	key := interactiontest.NewKey("endpointtest")
	e, err := endpoint.New(endpointtest.Bot(t, nil), key.Verifier())
	if err != nil {
		t.Fatal(err)
	}
	events := endpointtest.EventBot(t, key, endpointtest.NewRecorder(), io.Discard)
	tests := []struct {
		name       string
		h          endpointtest.Handler
		call       endpointtest.Call
		wantStatus int
		wantBody   string
		wantHeader map[string]string
	}{
		{"a signed command", e, endpointtest.Signed(key, interactiontest.Command("ping").JSON()), 200,
			`{"type":4,"data":{"content":"pong"}}`, map[string]string{"Content-Type": "application/json"}},
		{"a GET", e, endpointtest.Call{Method: "GET"}, 405, "", map[string]string{"Allow": "POST"}},
		{"a signed PING to the events endpoint", events, endpointtest.Signed(key, endpointtest.PingBody(t)), 204, "", nil},
	}
	for _, fe := range endpointtest.FrontEnds() {
		for _, tt := range tests {
			got := fe.Do(tt.h, tt.call)
			if got.Status != tt.wantStatus || (tt.wantBody != "" && got.Body != tt.wantBody) {
				t.Errorf("%s: %s: answered %d %s, want %d %s", fe.Name, tt.name, got.Status, got.Body, tt.wantStatus, tt.wantBody)
			}
			for k, v := range tt.wantHeader {
				if got.Header.Get(k) != v {
					t.Errorf("%s: %s: %s is %q, want %q", fe.Name, tt.name, k, got.Header.Get(k), v)
				}
			}
		}
	}
}
