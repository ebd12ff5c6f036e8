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
