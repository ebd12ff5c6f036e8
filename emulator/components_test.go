package emulator_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// sameJSON reports whether two JSON texts, or a JSON text and a decoded
// value, say the same thing.
func sameJSON(t *testing.T, got any, want string) bool {
	t.Helper()
	raw, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	if err := json.Unmarshal(raw, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(want), &b); err != nil {
		t.Fatalf("%s: %v", want, err)
	}
	return reflect.DeepEqual(a, b)
}

// The components of a message, as the bot sent them, are part of the
// message: the service keeps them through answers, follow-ups and edits,
// and shows them wherever it shows the message.
func TestMessagesKeepTheirComponents(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	if status, raw := do(t, s, "PUT", guildPath(s), `[{"name":"ask","description":"Asks"},{"name":"Quote","type":3}]`); status != 200 {
		t.Fatalf("registering: %d %s", status, raw)
	}
	buttons := `[{"type":1,"components":[{"type":2,"style":1,"label":"Yes","custom_id":"poll:yes"},` +
		`{"type":2,"style":5,"label":"Docs","url":"https://example.com/docs"}]}]`
	menu := `[{"type":1,"components":[{"type":3,"custom_id":"pick","placeholder":"Pick one",` +
		`"options":[{"label":"Red","value":"r","description":"Warm"},{"label":"Blue","value":"b","default":true}],"min_values":0,"max_values":2}]}]`

	ex := rl.invoke(t, s, "ask")
	if res := ex.answer(t, []byte(`{"type":4,"data":{"content":"vote","components":`+buttons+`}}`)); !res.OK {
		t.Fatalf("answer: %+v", res)
	}
	original := webhookPath(s, ex.Token) + "/messages/@original"
	wantComponents := func(what, path, want string) {
		t.Helper()
		resp, msg := call(t, s, "GET", path, "", "")
		if resp.StatusCode != 200 || !sameJSON(t, msg["components"], want) {
			t.Fatalf("%s: %d, components %v, want %s", what, resp.StatusCode, msg["components"], want)
		}
	}
	wantComponents("the answer's message", original, buttons)

	resp, followup := call(t, s, "POST", webhookPath(s, ex.Token), "", `{"content":"more","components":`+menu+`}`)
	if resp.StatusCode != 200 || !sameJSON(t, followup["components"], menu) {
		t.Fatalf("follow-up: %d %v", resp.StatusCode, followup)
	}
	wantComponents("the follow-up read back", webhookPath(s, ex.Token)+"/messages/"+followup["id"].(string), menu)

	for _, tc := range []struct {
		name, edit, want string
	}{
		{"an edit without components keeps them", `{"content":"still voting"}`, buttons},
		{"an edit with components replaces them", `{"components":` + menu + `}`, menu},
		{"an edit with an empty list removes them", `{"components":[]}`, `[]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, edited := call(t, s, "PATCH", original, "", tc.edit)
			if resp.StatusCode != 200 || !sameJSON(t, edited["components"], tc.want) {
				t.Fatalf("%d %v", resp.StatusCode, edited)
			}
			wantComponents("read back", original, tc.want)
		})
	}

	t.Run("the record of the interaction shows them", func(t *testing.T) {
		var rec struct {
			Followups []map[string]any `json:"followups"`
			History   []struct {
				Message map[string]any `json:"message"`
			} `json:"history"`
		}
		s.control(t, "GET", "/_emulator/interactions/"+ex.ID.String(), nil, 200, &rec)
		if len(rec.Followups) != 1 || !sameJSON(t, rec.Followups[0]["components"], menu) {
			t.Fatalf("follow-ups: %v", rec.Followups)
		}
		if len(rec.History) == 0 || !sameJSON(t, rec.History[0].Message["components"], buttons) {
			t.Fatalf("the first step of the history: %v", rec.History)
		}
	})

	t.Run("a message command on the message resolves it with them", func(t *testing.T) {
		body := `{"guild":"` + s.GuildID.String() + `","command":"Quote","type":3,"target":"` + followup["id"].(string) + `"}`
		ex := rl.invokeWith(t, s, body)
		var sent struct {
			Data struct {
				Resolved struct {
					Messages map[string]map[string]any `json:"messages"`
				} `json:"resolved"`
			} `json:"data"`
		}
		if err := json.Unmarshal(ex.Raw, &sent); err != nil {
			t.Fatal(err)
		}
		got := sent.Data.Resolved.Messages[followup["id"].(string)]
		if !sameJSON(t, got["components"], menu) || got["interaction_metadata"] == nil {
			t.Fatalf("resolved message: %v", got)
		}
		ex.answer(t, []byte(`{"type":4,"data":{"content":"quoted"}}`))
	})
}

// The components of every message the bot sends are checked with the
// service's rules, and a message that breaks one is refused with 50035 and
// the errors tree at the component's place.
func TestComponentsAreCheckedWhereverAMessageIsSent(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	// A PRIMARY button without a custom_id, in the second row.
	bad := `[{"type":1,"components":[{"type":2,"style":1,"label":"A","custom_id":"a"}]},{"type":1,"components":[{"type":2,"style":1,"label":"B"}]}]`
	good := `[{"type":1,"components":[{"type":2,"style":1,"label":"A","custom_id":"a"}]}]`
	at := []string{"components", "1", "components", "0", "custom_id"}

	t.Run("a reply through the callback", func(t *testing.T) {
		ex := rl.invoke(t, s, "ask")
		resp, body := call(t, s, "POST", callbackPath(ex.ID, ex.Token), "", `{"type":4,"data":{"components":`+bad+`}}`)
		if resp.StatusCode != 400 || body["code"] != float64(50035) || !errorAt(body, append([]string{"data"}, at...)...) {
			t.Fatalf("%d %v", resp.StatusCode, body)
		}
		ex.answer(t, []byte(`{"type":4,"data":{"content":"ok"}}`))
	})
	t.Run("a reply in the HTTP response", func(t *testing.T) {
		ex := rl.invoke(t, s, "ask")
		res := ex.answer(t, []byte(`{"type":4,"data":{"components":`+bad+`}}`))
		if res.OK || len(res.Violations) != 1 {
			t.Fatalf("%+v", res)
		}
		var body map[string]any
		json.Unmarshal([]byte(res.Violations[0]), &body)
		if body["code"] != float64(50035) || !errorAt(body, append([]string{"data"}, at...)...) {
			t.Fatalf("violation %s", res.Violations[0])
		}
	})

	ex := rl.invoke(t, s, "ask")
	if res := ex.answer(t, []byte(`{"type":4,"data":{"flags":32768,"components":[{"type":10,"content":"laid out"}]}}`)); !res.OK {
		t.Fatalf("a components-only answer: %+v", res)
	}
	original := webhookPath(s, ex.Token) + "/messages/@original"
	for _, tc := range []struct {
		name, method, path, body string
		at                       []string
	}{
		{"a follow-up", "POST", webhookPath(s, ex.Token), `{"components":` + bad + `}`, at},
		{"an edit", "PATCH", original, `{"components":[{"type":17,"components":[{"type":2,"style":1,"label":"B"}]}]}`,
			[]string{"components", "0", "components", "0", "type"}},
		{"an edit that takes IS_COMPONENTS_V2 away", "PATCH", original, `{"flags":0,"components":` + good + `}`, []string{"flags"}},
		{"an edit that adds content to a components-only message", "PATCH", original, `{"content":"text"}`, []string{"content"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := call(t, s, tc.method, tc.path, "", tc.body)
			if resp.StatusCode != 400 || body["code"] != float64(50035) || !errorAt(body, tc.at...) {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
		})
	}
	resp, msg := call(t, s, "GET", original, "", "")
	if resp.StatusCode != 200 || !sameJSON(t, msg["components"], `[{"type":10,"content":"laid out"}]`) || msg["flags"] != float64(32768) {
		t.Fatalf("a refused edit changed the message: %v", msg)
	}
}
