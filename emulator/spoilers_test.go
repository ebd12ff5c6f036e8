package emulator_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// attachmentOf returns the only attachment of a message.
func attachmentOf(t *testing.T, msg map[string]any) map[string]any {
	t.Helper()
	atts, _ := msg["attachments"].([]any)
	if len(atts) != 1 {
		t.Fatalf("attachments %v, want one", msg["attachments"])
	}
	return atts[0].(map[string]any)
}

// isSpoiler reports whether an attachment object has the IS_SPOILER flag.
func isSpoiler(a map[string]any) bool {
	flags, _ := a["flags"].(float64)
	return int(flags)&(1<<3) != 0
}

// A file is a spoiler when its element of the attachments list says
// is_spoiler, or, the older way, when its name starts with SPOILER_: the
// service then sets the attachment's IS_SPOILER flag.
func TestSpoilersAreFlagged(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	png := []byte("\x89PNG\r\n\x1a\n")
	tests := []struct {
		name, payload, filename string
		wantName                string
		want                    bool
	}{
		{"is_spoiler marks a file", `{"attachments":[{"id":0,"is_spoiler":true}]}`, "ending.png", "ending.png", true},
		{"a name starting with SPOILER_ marks it, and is kept", `{}`, "SPOILER_ending.png", "SPOILER_ending.png", true},
		{"so does the name the list gives", `{"attachments":[{"id":"0","filename":"SPOILER_end.png"}]}`, "ending.png", "SPOILER_end.png", true},
		{"is_spoiler false leaves the name's mark", `{"attachments":[{"id":0,"is_spoiler":false}]}`, "SPOILER_ending.png", "SPOILER_ending.png", true},
		{"a file is no spoiler otherwise", `{"attachments":[{"id":0,"description":"the end"}]}`, "spoiler_ending.png", "spoiler_ending.png", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := rl.invoke(t, s, "ask")
			ex.answer(t, []byte(`{"type":4,"data":{"content":"x"}}`))
			ct, body := multipartBody(t, tt.payload, part{"files[0]", tt.filename, "image/png", png})
			status, msg := send(t, s, "POST", webhookPath(s, ex.Token), ct, body)
			if status != 200 {
				t.Fatalf("%d %v", status, msg)
			}
			a := attachmentOf(t, msg)
			if isSpoiler(a) != tt.want || a["filename"] != tt.wantName {
				t.Errorf("attachment %v: spoiler %v, want %v named %q", a, isSpoiler(a), tt.want, tt.wantName)
			}
		})
	}

	t.Run("an answer's file is marked as a follow-up's", func(t *testing.T) {
		ex := rl.invoke(t, s, "ask")
		ct, body := multipartBody(t, `{"type":4,"data":{"attachments":[{"id":0,"is_spoiler":true}]}}`, part{"files[0]", "a.png", "image/png", png})
		if status, b := send(t, s, "POST", callbackPath(ex.ID, ex.Token), ct, body); status != 204 {
			t.Fatalf("%d %v", status, b)
		}
		ex.answer(t, nil)
		_, msg := call(t, s, "GET", webhookPath(s, ex.Token)+"/messages/@original", "", "")
		if a := attachmentOf(t, msg); !isSpoiler(a) {
			t.Errorf("attachment %v", a)
		}
	})

	t.Run("an edit marks and unmarks an attachment it keeps", func(t *testing.T) {
		ex := rl.invoke(t, s, "ask")
		ct, body := multipartBody(t, `{"type":4,"data":{"attachments":[{"id":0,"description":"the end"}]}}`, part{"files[0]", "a.png", "image/png", png})
		if status, b := send(t, s, "POST", callbackPath(ex.ID, ex.Token), ct, body); status != 204 {
			t.Fatalf("%d %v", status, b)
		}
		ex.answer(t, nil)
		original := webhookPath(s, ex.Token) + "/messages/@original"
		_, msg := call(t, s, "GET", original, "", "")
		id := attachmentOf(t, msg)["id"].(string)
		for _, step := range []struct {
			name, edit  string
			want        bool
			description string
		}{
			{"is_spoiler marks it", `{"attachments":[{"id":"` + id + `","is_spoiler":true}]}`, true, "the end"},
			{"an element without is_spoiler leaves it marked", `{"attachments":[{"id":"` + id + `"}]}`, true, "the end"},
			{"an edit without a list leaves it marked", `{"content":"changed"}`, true, "the end"},
			{"is_spoiler false unmarks it, and a description replaces its own", `{"attachments":[{"id":"` + id + `","is_spoiler":false,"description":"how it ends"}]}`, false, "how it ends"},
		} {
			resp, edited := call(t, s, "PATCH", original, "", step.edit)
			if resp.StatusCode != 200 {
				t.Fatalf("%s: %d %v", step.name, resp.StatusCode, edited)
			}
			a := attachmentOf(t, edited)
			if isSpoiler(a) != step.want || a["description"] != step.description || a["id"] != id {
				t.Errorf("%s: attachment %v", step.name, a)
			}
		}
	})
}
