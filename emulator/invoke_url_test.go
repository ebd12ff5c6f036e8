package emulator_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// The checks of an endpoint URL say what was wrong with its answer, and
// quote nothing of it: the URL may be any server's, and the reason goes
// back to whoever asked.
func TestTheEndpointChecksQuoteNothingOfTheAnswer(t *testing.T) {
	s := start(t, emulator.Config{})
	const secret = "s3cr3t-of-another-server"
	serve := func(status int, body string) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(status)
			w.Write([]byte(body))
		}))
		t.Cleanup(srv.Close)
		return srv.URL
	}
	tests := []struct {
		name, path, url string
		want            string // in the reason
	}{
		{"a page that is no endpoint", "/_emulator/interactions-url", serve(200, "<p>"+secret+"</p>"), "answered 200 with a body that is not JSON"},
		{"JSON that is no PONG", "/_emulator/interactions-url", serve(200, `{"type":4,"data":"`+secret+`"}`), "answered 200 with JSON that is not {\"type\":1}"},
		{"an error page", "/_emulator/interactions-url", serve(500, secret), "answered 500 with a body of 24 bytes, not 200"},
		{"an events endpoint that answers with a body", "/_emulator/events-url", serve(200, secret), "answered 200 with a body of 24 bytes, not 204 with no body"},
		{"an events endpoint that answers an error", "/_emulator/events-url", serve(403, secret), "answered 403 with a body of 24 bytes"},
	}
	for _, tt := range tests {
		body, _ := json.Marshal(map[string]string{"url": tt.url})
		status, raw := control(t, s.controlURL, "POST", tt.path, string(body))
		var refusal struct{ Message string }
		json.Unmarshal(raw, &refusal)
		if status != http.StatusBadRequest || !strings.Contains(refusal.Message, tt.want) || strings.Contains(string(raw), secret) {
			t.Errorf("%s: %d %s, want 400 saying %q and nothing of the answer", tt.name, status, raw, tt.want)
		}
	}
}
