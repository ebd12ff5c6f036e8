package emulator_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// control makes a request to the control API and returns the status and
// the raw body. A body is sent as JSON, as the control API takes it.
func control(t *testing.T, base, method, path, body string) (int, []byte) {
	t.Helper()
	var header http.Header
	if body != "" {
		header = http.Header{"Content-Type": {"application/json"}}
	}
	resp, raw := fetch(t, method, base+path, header, []byte(body))
	return resp.StatusCode, raw
}

func TestControlAPIInjectsAndClearsFaults(t *testing.T) {
	s := start(t, emulator.Config{})
	ctl := struct{ URL string }{strings.TrimSuffix(s.URL, "/v10")}
	for _, tc := range []struct {
		name, body string
		want       int
	}{
		{"an unknown kind is refused", `{"kind":"fire"}`, 400},
		{"a server error must be 5xx", `{"kind":"server_error","status":404}`, 400},
		{"a body must be JSON", `{`, 400},
		{"a rate limit is injected", `{"kind":"rate_limit","route":"users_me","retry_after":2.5,"global":true}`, 204},
	} {
		if status, raw := control(t, ctl.URL, "POST", "/_emulator/faults", tc.body); status != tc.want {
			t.Fatalf("%s: %d %s", tc.name, status, raw)
		}
	}
	resp, body := call(t, s, "GET", "/users/@me", "Bot "+s.BotToken, "")
	if resp.StatusCode != 429 || body["retry_after"] != 2.5 || body["global"] != true {
		t.Fatalf("%d %v", resp.StatusCode, body)
	}
	control(t, ctl.URL, "POST", "/_emulator/faults", `{"kind":"server_error","count":3}`)
	if status, _ := control(t, ctl.URL, "DELETE", "/_emulator/faults", ""); status != 204 {
		t.Fatalf("DELETE: %d", status)
	}
	if resp, _ := call(t, s, "GET", "/users/@me", "Bot "+s.BotToken, ""); resp.StatusCode != 200 {
		t.Fatalf("after clearing: %d", resp.StatusCode)
	}
}

func TestControlAPIReadsBackWhatTheBotAnswered(t *testing.T) {
	s, _, id, token := startAnswers(t, interaction.TypeApplicationCommand)
	ctl := struct{ URL string }{strings.TrimSuffix(s.URL, "/v10")}
	path := "/_emulator/interactions/" + id.String()
	status, raw := control(t, ctl.URL, "GET", path, "")
	var rec struct {
		Interaction struct {
			ID    string `json:"id"`
			Token string `json:"token"`
		} `json:"interaction"`
		Answer *struct {
			Type int `json:"type"`
		} `json:"answer"`
		Original  map[string]any   `json:"original"`
		Followups []map[string]any `json:"followups"`
	}
	if err := json.Unmarshal(raw, &rec); status != 200 || err != nil || rec.Interaction.ID != id.String() || rec.Answer != nil || rec.Original != nil {
		t.Fatalf("before the answer: %d %s", status, raw)
	}
	call(t, s, "POST", callbackPath(id, token), "", `{"type":4,"data":{"content":"pong"}}`)
	call(t, s, "POST", webhookPath(s, token), "", `{"content":"more"}`)
	status, raw = control(t, ctl.URL, "GET", path, "")
	if err := json.Unmarshal(raw, &rec); status != 200 || err != nil || rec.Answer == nil || rec.Answer.Type != 4 ||
		rec.Original["content"] != "pong" || rec.Original["deleted"] != false || len(rec.Followups) != 1 || rec.Followups[0]["content"] != "more" {
		t.Fatalf("after the answer: %d %s", status, raw)
	}
	if status, _ := control(t, ctl.URL, "GET", "/_emulator/interactions/1", ""); status != 404 {
		t.Fatalf("unknown interaction: %d", status)
	}
}
