package emulator_test

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// with_response is a boolean of a query string: True, true and 1 ask for
// the callback response; anything else does not.
func TestWithResponseIsABooleanOfTheQuery(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	for _, tt := range []struct {
		name, query string
		wantStatus  int
	}{
		{"true asks", "?with_response=true", 200},
		{"True asks", "?with_response=True", 200},
		{"1 asks", "?with_response=1", 200},
		{"false does not", "?with_response=false", 204},
		{"False does not", "?with_response=False", 204},
		{"0 does not", "?with_response=0", 204},
		{"no query does not", "", 204},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ex := rl.invoke(t, s, "ask")
			resp, body := call(t, s, "POST", callbackPath(ex.ID, ex.Token)+tt.query, "", `{"type":4,"data":{"content":"hi"}}`)
			ex.answer(t, nil)
			if resp.StatusCode != tt.wantStatus || (tt.wantStatus == 204) != (body == nil) {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
		})
	}
}

// The callback response says what the answer made: the message of a
// reply or an update, the loading message of a deferral, the instance of
// an Activity launched; for a deferral, suggestions and a modal the
// resource is just its type, as the service's documentation allows.
func TestTheCallbackResponseSaysWhatTheAnswerMade(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{Activities: true})
	if status, raw := do(t, s, "PUT", guildPath(s), `[{"name":"ask","description":"Asks"},`+
		`{"name":"pick","description":"Picks","options":[{"type":3,"name":"text","description":"Text","autocomplete":true}]}]`); status != 200 {
		t.Fatalf("registering: %d %s", status, raw)
	}
	tests := []struct {
		name, invocation, answer string
		// wantInteraction are fields of the interaction callback
		// object, wantResource the resource whole but its message.
		wantInteraction map[string]any
		wantResource    string
		wantMessage     bool
	}{
		{"a reply", `{"command":"ask"}`, `{"type":4,"data":{"content":"hi","flags":64}}`,
			map[string]any{"type": float64(2), "response_message_loading": false, "response_message_ephemeral": true}, `{"type":4}`, true},
		{"a deferral", `{"command":"ask"}`, `{"type":5}`,
			map[string]any{"response_message_loading": true, "response_message_ephemeral": false}, `{"type":5}`, false},
		{"a modal", `{"command":"ask"}`, `{"type":9,"data":{"custom_id":"form","title":"Form","components":[` +
			`{"type":18,"label":"Name","component":{"type":4,"custom_id":"name","style":1}}]}}`,
			map[string]any{"type": float64(2)}, `{"type":9}`, false},
		{"suggestions", `{"command":"pick","options":[{"name":"text","value":"a"}],"focused":"text"}`,
			`{"type":8,"data":{"choices":[{"name":"A","value":"a"}]}}`, map[string]any{"type": float64(4)}, `{"type":8}`, false},
		{"an Activity launched", `{"command":"ask"}`, `{"type":12}`,
			map[string]any{"type": float64(2)}, `{"type":12,"activity_instance":{"id":"INSTANCE"}}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := "/_emulator/invoke"
			if tt.wantInteraction["type"] == float64(4) {
				path = "/_emulator/autocomplete"
			}
			body := tt.invocation[:len(tt.invocation)-1] + `,"guild":"` + s.GuildID.String() + `"}`
			ex := rl.act(t, s, path, body)
			resp, cb := call(t, s, "POST", callbackPath(ex.ID, ex.Token)+"?with_response=true", "", tt.answer)
			ex.answer(t, nil)
			if resp.StatusCode != 200 {
				t.Fatalf("%d %v", resp.StatusCode, cb)
			}
			ix, _ := cb["interaction"].(map[string]any)
			if ix["id"] != ex.ID.String() {
				t.Errorf("interaction %v", ix)
			}
			for k, v := range tt.wantInteraction {
				if ix[k] != v {
					t.Errorf("interaction.%s = %v, want %v", k, ix[k], v)
				}
			}
			res, _ := cb["resource"].(map[string]any)
			msg, hasMessage := res["message"].(map[string]any)
			if hasMessage != tt.wantMessage || hasMessage && (msg["id"] != ix["response_message_id"] || msg["interaction_metadata"] == nil) {
				t.Errorf("resource.message %v", res["message"])
			}
			delete(res, "message")
			// The instance's id is the interaction's activity_instance_id.
			id, _ := ix["activity_instance_id"].(string)
			if (id != "") != strings.Contains(tt.wantResource, "INSTANCE") {
				t.Errorf("activity_instance_id %q", id)
			}
			want := strings.Replace(tt.wantResource, "INSTANCE", id, 1)
			if !sameJSON(t, res, want) {
				t.Errorf("resource %v, want %s", res, want)
			}
		})
	}
}
