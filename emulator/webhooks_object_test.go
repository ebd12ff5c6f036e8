package emulator_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// GET /webhooks/{app}/{token} with an interaction's token answers with the
// application's webhook (D165), and refuses a token as the other webhook
// endpoints do.
func TestAnInteractionsTokenNamesTheApplicationsWebhook(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	ex := rl.invoke(t, s, "ask")
	if res := ex.answer(t, []byte(`{"type":4,"data":{"content":"hi"}}`)); !res.OK {
		t.Fatalf("answer: %+v", res)
	}
	_, app := call(t, s, "GET", "/applications/@me", "Bot "+s.BotToken, "")

	status, hook := send(t, s, "GET", webhookPath(s, ex.Token), "", nil)
	if status != 200 {
		t.Fatalf("%d %v", status, hook)
	}
	for field, want := range map[string]any{
		"type": float64(3), "id": s.ApplicationID.String(), "application_id": s.ApplicationID.String(),
		"name": app["name"], "avatar": nil, "channel_id": nil, "guild_id": nil,
	} {
		if got, ok := hook[field]; !ok || got != want {
			t.Errorf("%s = %v (present %v), want %v", field, got, ok, want)
		}
	}
	for _, absent := range []string{"token", "user", "url"} {
		if _, ok := hook[absent]; ok {
			t.Errorf("the webhook shows its %s: %v", absent, hook)
		}
	}

	for _, tc := range []struct {
		name   string
		path   string
		status int
		code   float64
	}{
		{"an unknown token is an invalid webhook token", webhookPath(s, "unknown"), 401, 50027},
		{"another application's id is an unknown webhook", "/webhooks/1/" + ex.Token, 404, 10015},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := send(t, s, "GET", tc.path, "", nil)
			if status != tc.status || body["code"] != tc.code {
				t.Fatalf("%d %v, want %d %v", status, body, tc.status, tc.code)
			}
		})
	}
}

// An interaction not answered yet has no webhook, as for its follow-ups.
func TestAnUnansweredInteractionHasNoWebhookToRead(t *testing.T) {
	s := start(t, emulator.Config{})
	_, token := s.Server(t, "FakeInteraction is Go only").FakeInteraction(interaction.TypeApplicationCommand, interaction.CommandChatInput)
	status, body := send(t, s, "GET", webhookPath(s, token), "", nil)
	if status != 404 || body["code"] != float64(10015) {
		t.Fatalf("%d %v", status, body)
	}
}
