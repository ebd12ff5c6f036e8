package endpointtest_test

import (
	"io"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/serve"
	"github.com/switchboard-go/switchboard/webhook"
)

// A server started for the test answers what is sent to it, signed or
// not, and the event bot's handlers record what they saw; stopping the
// server returns what Serve returned.
func TestAnEventBotServedOnLoopbackAnswersWhatIsSent(t *testing.T) {
	key := interactiontest.NewKey("endpointtest")
	rec := endpointtest.NewRecorder()
	addr, stop := endpointtest.Start(t, &serve.Server{Events: endpointtest.EventBot(t, key, rec, io.Discard)}, nil)
	url := "http://" + addr + webhook.DefaultPath
	deauth := endpointtest.EventBody(t, webhook.TypeApplicationDeauthorized,
		webhook.ApplicationDeauthorized{User: interaction.User{ID: interactiontest.UserID, Username: "ada"}})
	tests := []struct {
		name       string
		call       endpointtest.Call
		wantStatus int
	}{
		{"a signed PING", endpointtest.Signed(key, endpointtest.PingBody(t)), 204},
		{"a signed event", endpointtest.Signed(key, deauth), 204},
		{"an event signed by another key", endpointtest.Signed(interactiontest.NewKey("someone else"), deauth), 401},
		{"an unsigned event", endpointtest.Call{Method: "POST", Body: deauth}, 401},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := endpointtest.Send(t, tt.call.Method, url, tt.call.Headers, tt.call.Body); got.Status != tt.wantStatus {
				t.Errorf("answered %d %q, want %d", got.Status, got.Body, tt.wantStatus)
			}
		})
	}
	if seen := rec.Wait(t, 1); len(seen) != 1 || seen[0] != "deauthorized by ada" {
		t.Errorf("the handlers saw %q", seen)
	}
	if err := stop(); err != nil {
		t.Errorf("Serve: %v", err)
	}
	if got := rec.Got(); len(got) != 1 {
		t.Errorf("after the stop, the handlers saw %q", got)
	}
}
