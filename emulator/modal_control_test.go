package emulator_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// The control API submits the inputs of 2026 as Submit does: options of
// radio and checkbox groups by value or label, users by id, checkboxes
// ticked or not, files by name; and refuses what the client refuses.
func TestTheControlAPISubmitsEveryInput(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	modal := `{"type":9,"data":{"custom_id":"signup","title":"Sign up","components":[` +
		`{"type":18,"label":"Class","component":{"type":21,"custom_id":"class","required":false,"options":[{"value":"w","label":"Warrior"},{"value":"b","label":"Bard"}]}},` +
		`{"type":18,"label":"Days","component":{"type":22,"custom_id":"days","max_values":2,"options":[{"value":"mon","label":"Monday"},{"value":"tue","label":"Tuesday"}]}},` +
		`{"type":18,"label":"News","component":{"type":23,"custom_id":"news"}},` +
		`{"type":18,"label":"Who","component":{"type":5,"custom_id":"who"}},` +
		`{"type":18,"label":"Proof","component":{"type":19,"custom_id":"proof","file_types":["image"]}}]}}`
	if res := rl.invoke(t, s, "ask").answer(t, []byte(modal)); !res.OK {
		t.Fatalf("the modal: %+v", res)
	}

	for _, tc := range []struct{ name, body, says string }{
		{"a file the upload's file_types rule out",
			`{"values":{"days":["mon"],"who":["` + s.Member.String() + `"]},"files":{"proof":[{"filename":"a.txt","size":1}]}}`,
			"a.txt is not a file it takes (image)"},
		{"a checkbox group ticked twice",
			`{"values":{"days":["mon","Monday"],"who":["` + s.Member.String() + `"]},"files":{"proof":[{"filename":"a.png","size":1}]}}`,
			`"Monday" is ticked twice`},
		{"a checkbox given for a user select",
			`{"values":{"days":["mon"]},"checked":{"who":true},"files":{"proof":[{"filename":"a.png","size":1}]}}`,
			`is a USER_SELECT, not a checkbox`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, res := invoke(t, s, "/_emulator/submit", tc.body)
			if status != 400 || res.Error != "invalid_input" || !strings.Contains(res.Message, tc.says) {
				t.Fatalf("%d %+v, want invalid_input saying %q", status, res, tc.says)
			}
		})
	}

	ex := rl.act(t, s, "/_emulator/submit", `{"modal":"signup","values":{"Class":[],"Days":["Tuesday","mon"],"Who":["`+s.Member.String()+`"]},`+
		`"checked":{"News":true},"files":{"Proof":[{"filename":"a.png","size":3}]}}`)
	var sent struct {
		Data struct {
			Components []struct {
				Component json.RawMessage `json:"component"`
			} `json:"components"`
			Resolved struct {
				Users       map[string]any `json:"users"`
				Members     map[string]any `json:"members"`
				Attachments map[string]struct {
					Filename    string `json:"filename"`
					ContentType string `json:"content_type"`
				} `json:"attachments"`
			} `json:"resolved"`
		} `json:"data"`
	}
	if err := json.Unmarshal(ex.Raw, &sent); err != nil || len(sent.Data.Components) != 5 {
		t.Fatalf("the submission sent %s", ex.Raw)
	}
	var file string
	for id, a := range sent.Data.Resolved.Attachments {
		if a.Filename == "a.png" && a.ContentType == "image/png" {
			file = id
		}
	}
	want := []string{
		`{"type":21,"id":2,"custom_id":"class","value":null}`,
		`{"type":22,"id":4,"custom_id":"days","values":["tue","mon"]}`,
		`{"type":23,"id":6,"custom_id":"news","value":true}`,
		`{"type":5,"id":8,"custom_id":"who","values":["` + s.Member.String() + `"]}`,
		`{"type":19,"id":10,"custom_id":"proof","values":["` + file + `"]}`,
	}
	for i, w := range want {
		if got := string(sent.Data.Components[i].Component); got != w {
			t.Errorf("input %d: %s, want %s", i, got, w)
		}
	}
	if file == "" || sent.Data.Resolved.Users[s.Member.String()] == nil || sent.Data.Resolved.Members[s.Member.String()] == nil {
		t.Errorf("resolved: %s", ex.Raw)
	}
	if res := ex.answer(t, []byte(`{"type":4,"data":{"content":"Signed up"}}`)); !res.OK {
		t.Fatalf("the answer: %+v", res)
	}
}
