package emulator_test

import (
	"encoding/json"
	"reflect"
	"strings"
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
// and shows them wherever it shows the message, numbered and with the
// defaults it fills in written out.
func TestMessagesKeepTheirComponents(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	if status, raw := do(t, s, "PUT", guildPath(s), `[{"name":"ask","description":"Asks"},{"name":"Quote","type":3}]`); status != 200 {
		t.Fatalf("registering: %d %s", status, raw)
	}
	buttons := `[{"type":1,"components":[{"type":2,"style":1,"label":"Yes","custom_id":"poll:yes"},` +
		`{"type":2,"style":5,"label":"Docs","url":"https://example.com/docs"}]}]`
	menu := `[{"type":1,"components":[{"type":3,"custom_id":"pick","placeholder":"Pick one",` +
		`"options":[{"label":"Red","value":"r","description":"Warm"},{"label":"Blue","value":"b","default":true}],"min_values":0,"max_values":2}]}]`
	// As the service shows them: every component has its id, and a
	// select menu its bounds.
	buttonsShown := `[{"type":1,"id":1,"components":[{"type":2,"id":2,"style":1,"label":"Yes","custom_id":"poll:yes"},` +
		`{"type":2,"id":3,"style":5,"label":"Docs","url":"https://example.com/docs"}]}]`
	menuShown := `[{"type":1,"id":1,"components":[{"type":3,"id":2,"custom_id":"pick","placeholder":"Pick one",` +
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
	wantComponents("the answer's message", original, buttonsShown)

	resp, followup := call(t, s, "POST", webhookPath(s, ex.Token), "", `{"content":"more","components":`+menu+`}`)
	if resp.StatusCode != 200 || !sameJSON(t, followup["components"], menuShown) {
		t.Fatalf("follow-up: %d %v", resp.StatusCode, followup)
	}
	wantComponents("the follow-up read back", webhookPath(s, ex.Token)+"/messages/"+followup["id"].(string), menuShown)

	for _, tc := range []struct {
		name, edit, want string
	}{
		{"an edit without components keeps them", `{"content":"still voting"}`, buttonsShown},
		{"an edit with components replaces them", `{"components":` + menu + `}`, menuShown},
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
		if len(rec.Followups) != 1 || !sameJSON(t, rec.Followups[0]["components"], menuShown) {
			t.Fatalf("follow-ups: %v", rec.Followups)
		}
		if len(rec.History) == 0 || !sameJSON(t, rec.History[0].Message["components"], buttonsShown) {
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
		if !sameJSON(t, got["components"], menuShown) || got["interaction_metadata"] == nil {
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
	if resp.StatusCode != 200 || !sameJSON(t, msg["components"], `[{"type":10,"id":1,"content":"laid out"}]`) || msg["flags"] != float64(32768) {
		t.Fatalf("a refused edit changed the message: %v", msg)
	}
}

// Scripts use components and modals through the control API as Go tests
// do through the Server's methods, and are answered as /_emulator/invoke
// answers.
func TestTheControlAPIClicksChoosesAndSubmits(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	poll := `[{"type":1,"components":[{"type":2,"style":1,"label":"Yes","custom_id":"poll:yes"},` +
		`{"type":2,"style":2,"label":"No","custom_id":"poll:no","disabled":true}]},` +
		`{"type":1,"components":[{"type":3,"custom_id":"colour","options":[{"label":"Red","value":"r"},{"label":"Blue","value":"b"}]}]}]`
	modal := `{"type":9,"data":{"custom_id":"feedback","title":"Feedback","components":[` +
		`{"type":18,"label":"Name","component":{"type":4,"custom_id":"name","style":1}}]}}`
	ex := rl.invoke(t, s, "ask")
	if res := ex.answer(t, []byte(`{"type":4,"data":{"content":"Vote","components":`+poll+`}}`)); !res.OK {
		t.Fatalf("the poll: %+v", res)
	}
	original := webhookPath(s, ex.Token) + "/messages/@original"
	_, msg := call(t, s, "GET", original, "", "")
	pollID := msg["id"].(string)

	var sent struct {
		Type int `json:"type"`
		Data struct {
			CustomID      string   `json:"custom_id"`
			ComponentType int      `json:"component_type"`
			Values        []string `json:"values"`
			Components    []struct {
				Component struct {
					CustomID string `json:"custom_id"`
					Value    string `json:"value"`
				} `json:"component"`
			} `json:"components"`
		} `json:"data"`
		Message struct {
			ID string `json:"id"`
		} `json:"message"`
	}
	ex = rl.act(t, s, "/_emulator/click", `{"button":"Yes","locale":"fr"}`)
	if err := json.Unmarshal(ex.Raw, &sent); err != nil || sent.Type != 3 || sent.Data.CustomID != "poll:yes" ||
		sent.Data.ComponentType != 2 || sent.Message.ID != pollID {
		t.Fatalf("the click sent %s", ex.Raw)
	}
	if res := ex.answer(t, []byte(modal)); !res.OK || res.Status != 200 {
		t.Fatalf("the click: %+v", res)
	}

	var modals []struct {
		User        string  `json:"user"`
		Interaction string  `json:"interaction"`
		Message     *string `json:"message"`
		Opened      string  `json:"opened"`
		Modal       struct {
			CustomID   string            `json:"custom_id"`
			Components []json.RawMessage `json:"components"`
		} `json:"modal"`
	}
	s.control(t, "GET", "/_emulator/modals", nil, 200, &modals)
	if len(modals) != 1 || modals[0].User != s.Member.String() || modals[0].Interaction != ex.ID.String() ||
		modals[0].Message == nil || *modals[0].Message != pollID || modals[0].Modal.CustomID != "feedback" || len(modals[0].Modal.Components) != 1 {
		t.Fatalf("open modals: %+v", modals)
	}
	s.control(t, "GET", "/_emulator/modals?user="+s.Admin.String(), nil, 200, &modals)
	if len(modals) != 0 {
		t.Fatalf("modals open before the admin: %+v", modals)
	}

	s.control(t, "POST", "/_emulator/dismiss", map[string]any{"user": s.Admin.String()}, 400, nil)
	s.control(t, "POST", "/_emulator/dismiss", map[string]any{"modal": "other"}, 400, nil)

	ex = rl.act(t, s, "/_emulator/submit", `{"modal":"feedback","fields":{"Name":"Ada"}}`)
	sent.Message.ID = ""
	if err := json.Unmarshal(ex.Raw, &sent); err != nil || sent.Type != 5 || sent.Data.CustomID != "feedback" ||
		len(sent.Data.Components) != 1 || sent.Data.Components[0].Component.Value != "Ada" || sent.Message.ID != pollID {
		t.Fatalf("the submission sent %s", ex.Raw)
	}
	if res := ex.answer(t, []byte(`{"type":7,"data":{"content":"Thanks, Ada"}}`)); !res.OK {
		t.Fatalf("the submission: %+v", res)
	}
	if _, msg := call(t, s, "GET", original, "", ""); msg["content"] != "Thanks, Ada" || msg["edited_timestamp"] == nil {
		t.Fatalf("the poll after the update: %v", msg)
	}

	ex = rl.act(t, s, "/_emulator/choose", `{"select":"colour","values":["Blue"],"message":"`+pollID+`"}`)
	if err := json.Unmarshal(ex.Raw, &sent); err != nil || sent.Type != 3 || len(sent.Data.Values) != 1 || sent.Data.Values[0] != "b" {
		t.Fatalf("the choice sent %s", ex.Raw)
	}
	if res := ex.answer(t, []byte(`{"type":6}`)); !res.OK {
		t.Fatalf("the choice: %+v", res)
	}

	for _, tc := range []struct {
		name, path, body string
		status           int
		kind             string
		// says is part of the message, when it matters.
		says string
	}{
		{"a disabled button", "/_emulator/click", `{"button":"No"}`, 400, "invalid_input", ""},
		{"a value the menu does not offer", "/_emulator/choose", `{"select":"colour","values":["Green"]}`, 400, "invalid_input", ""},
		{"a modal no longer open", "/_emulator/submit", `{"fields":{"Name":"Ada"}}`, 400, "unknown_target", ""},
		{"a field the body does not have", "/_emulator/click", `{"buton":"Yes"}`, 400, "invalid_input", ""},
		{"a body that is not JSON", "/_emulator/choose", `{"select":`, 400, "invalid_input", ""},
		{"a button no message has", "/_emulator/click", `{"button":"Maybe"}`, 400, "unknown_target", `@bob sees no button "Maybe"`},
		{"a select menu no message has", "/_emulator/choose", `{"select":"flavour"}`, 400, "unknown_target", `@bob sees no select menu "flavour"`},
		{"a message that does not exist", "/_emulator/click", `{"button":"Yes","message":"1"}`, 400, "unknown_target", "@bob sees no message 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, res := invoke(t, s, tc.path, tc.body)
			if status != tc.status || res.Error != tc.kind || res.Message == "" || !strings.Contains(res.Message, tc.says) {
				t.Fatalf("%d %+v", status, res)
			}
		})
	}
}
