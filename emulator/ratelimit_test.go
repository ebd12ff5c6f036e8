package emulator_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// Requests without valid credentials spend no bucket of the bot's: the
// service counts them apart (D164). A bearer token's requests count
// against its user's bucket, not the bot's; unknown routes share one.
func TestRateLimitsAreTheCallers(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	s := start(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: 2, Window: time.Hour}, Now: func() time.Time { return now }})
	remaining := func(resp *http.Response) string { return resp.Header.Get("X-RateLimit-Remaining") }

	for i, auth := range []string{"", "Bot nope", "Bearer nope", s.BotToken, "Bot " + s.BotToken + "x"} {
		resp, body := call(t, s, "GET", globalPath(s), auth, "")
		if resp.StatusCode != 401 || body["code"] != float64(0) {
			t.Fatalf("request %d without valid credentials: %d %v", i, resp.StatusCode, body)
		}
		if h := resp.Header; h.Get("X-RateLimit-Bucket") != "" || h.Get("X-RateLimit-Remaining") != "" {
			t.Errorf("request %d without valid credentials names a bucket: %v", i, h)
		}
	}
	for i, want := range []string{"1", "0"} {
		resp, body := call(t, s, "GET", globalPath(s), "Bot "+s.BotToken, "")
		if resp.StatusCode != 200 || remaining(resp) != want {
			t.Fatalf("the bot's request %d: %d %v, remaining %q, want %s", i, resp.StatusCode, body, remaining(resp), want)
		}
	}
	bearer := "Bearer " + clientToken(t, s, "applications.commands.update")
	resp, body := call(t, s, "GET", globalPath(s), bearer, "")
	if resp.StatusCode != 200 || remaining(resp) != "1" {
		t.Fatalf("a bearer token after the bot's bucket was spent: %d %v, remaining %q", resp.StatusCode, body, remaining(resp))
	}
	if resp, _ := call(t, s, "GET", globalPath(s), "Bot "+s.BotToken, ""); resp.StatusCode != 429 {
		t.Fatalf("the bot's third request: %d", resp.StatusCode)
	}

	for i := range 3 {
		resp, _ := call(t, s, "GET", "/nothing/here/"+strconv.Itoa(i), "", "")
		want := []int{404, 404, 429}[i]
		if resp.StatusCode != want {
			t.Errorf("unknown route %d: %d, want %d", i, resp.StatusCode, want)
		}
	}
}

// An interaction's webhook has a bucket of its own, by its token: a
// request with an unknown token, or of another interaction, does not
// spend it.
func TestEachInteractionsWebhookHasItsOwnBucket(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	s := start(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: 2, Window: time.Hour}, Now: func() time.Time { return now }})
	server := s.Server(t, "FakeInteraction is Go only")
	_, first := server.FakeInteraction(interaction.TypeApplicationCommand, interaction.CommandChatInput)
	_, second := server.FakeInteraction(interaction.TypeApplicationCommand, interaction.CommandChatInput)
	for range 3 {
		call(t, s, "GET", webhookPath(s, "unknown")+"/messages/@original", "", "")
		call(t, s, "GET", webhookPath(s, second)+"/messages/@original", "", "")
	}
	for i, want := range []int{404, 404, 429} {
		// The interaction has no answer yet: its original is unknown.
		resp, body := call(t, s, "GET", webhookPath(s, first)+"/messages/@original", "", "")
		if resp.StatusCode != want {
			t.Fatalf("request %d: %d %v, want %d", i, resp.StatusCode, body, want)
		}
	}
}
