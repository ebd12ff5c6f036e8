package emulator_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// lunchPoll is a poll as a request carries it: a Unicode emoji on its
// first answer, a custom one on its second.
const lunchPoll = `{"question":{"text":"Lunch?"},"answers":[` +
	`{"poll_media":{"text":"Pizza","emoji":{"name":"🍕"}}},` +
	`{"poll_media":{"text":"Sushi","emoji":{"id":"41771983429993937"}}},` +
	`{"poll_media":{"text":"Salad"}}]}`

// wantLunch reports what is wrong with the poll of msg, the message of a
// request with lunchPoll and the fields extra adds: nothing when it is
// the poll the service makes of it, open for hours from made.
func wantLunch(t *testing.T, msg map[string]any, made time.Time, hours int, multiselect bool) {
	t.Helper()
	raw, _ := json.Marshal(msg["poll"])
	want := `{"question":{"text":"Lunch?"},"answers":[` +
		`{"answer_id":1,"poll_media":{"text":"Pizza","emoji":{"id":null,"name":"🍕","animated":false}}},` +
		`{"answer_id":2,"poll_media":{"text":"Sushi","emoji":{"id":"41771983429993937","name":null,"animated":false}}},` +
		`{"answer_id":3,"poll_media":{"text":"Salad"}}],` +
		`"expiry":"EXPIRY","allow_multiselect":MULTI,"layout_type":1,"results":{"answer_counts":[],"is_finalized":false}}`
	var got map[string]any
	if err := json.Unmarshal(raw, &got); err != nil || got == nil {
		t.Fatalf("the message has no poll: %v", msg)
	}
	expiry, err := time.Parse(time.RFC3339Nano, got["expiry"].(string))
	if err != nil || expiry.Sub(made) < time.Duration(hours)*time.Hour || expiry.Sub(made) > time.Duration(hours)*time.Hour+time.Minute {
		t.Errorf("expiry %v, want %d hours after %v", got["expiry"], hours, made)
	}
	want = strings.Replace(want, "EXPIRY", got["expiry"].(string), 1)
	want = strings.Replace(want, "MULTI", map[bool]string{true: "true", false: "false"}[multiselect], 1)
	if !sameJSON(t, got, want) {
		t.Errorf("poll\n got %s\nwant %s", raw, want)
	}
	// A bot reads it as package interaction's Message.
	var m interaction.Message
	b, _ := json.Marshal(msg)
	if err := json.Unmarshal(b, &m); err != nil || m.Poll == nil || len(m.Poll.Answers) != 3 || m.Poll.Answers[2].AnswerID != 3 ||
		m.Poll.Answers[0].Media.Emoji.Name != "🍕" || m.Poll.LayoutType != interaction.PollLayoutDefault || !m.Poll.Expiry.Equal(expiry) {
		t.Errorf("a bot reads the poll as %+v (%v)", m.Poll, err)
	}
}

// timestampOf returns the timestamp of a message.
func timestampOf(t *testing.T, msg map[string]any) time.Time {
	t.Helper()
	ts, _ := msg["timestamp"].(string)
	at, err := time.Parse(time.RFC3339Nano, ts)
	if err != nil {
		t.Fatalf("timestamp %q: %v", ts, err)
	}
	return at
}

// A poll comes with a new message: an answer, by the callback endpoint or
// the HTTP response, a follow-up, or the edit or follow-up that completes
// a deferred answer.
func TestAPollComesWithANewMessage(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	tests := []struct {
		name string
		// send makes the message with the poll of body, and returns it
		// and the time from which the poll is open.
		send        func(t *testing.T, ex *exchange, body string) (map[string]any, time.Time)
		extra       string
		hours       int
		multiselect bool
	}{
		{"a reply through the callback endpoint, shown with the response", func(t *testing.T, ex *exchange, body string) (map[string]any, time.Time) {
			resp, cb := call(t, s, "POST", callbackPath(ex.ID, ex.Token)+"?with_response=True", "", `{"type":4,"data":`+body+`}`)
			ex.answer(t, nil)
			res, _ := cb["resource"].(map[string]any)
			msg, _ := res["message"].(map[string]any)
			if resp.StatusCode != 200 || msg == nil {
				t.Fatalf("%d %v", resp.StatusCode, cb)
			}
			return msg, timestampOf(t, msg)
		}, ``, 24, false},
		{"a reply in the HTTP response", func(t *testing.T, ex *exchange, body string) (map[string]any, time.Time) {
			if res := ex.answer(t, []byte(`{"type":4,"data":`+body+`}`)); !res.OK {
				t.Fatalf("%+v", res)
			}
			_, msg := call(t, s, "GET", webhookPath(s, ex.Token)+"/messages/@original", "", "")
			return msg, timestampOf(t, msg)
		}, `,"duration":1`, 1, false},
		{"a follow-up", func(t *testing.T, ex *exchange, body string) (map[string]any, time.Time) {
			ex.answer(t, []byte(`{"type":4,"data":{"content":"Vote below"}}`))
			resp, msg := call(t, s, "POST", webhookPath(s, ex.Token), "", body)
			if resp.StatusCode != 200 {
				t.Fatalf("%d %v", resp.StatusCode, msg)
			}
			return msg, timestampOf(t, msg)
		}, `,"duration":768,"allow_multiselect":true,"layout_type":1`, 768, true},
		{"the edit that completes a deferral", func(t *testing.T, ex *exchange, body string) (map[string]any, time.Time) {
			ex.answer(t, []byte(`{"type":5}`))
			before := time.Now().Add(-time.Second)
			resp, msg := call(t, s, "PATCH", webhookPath(s, ex.Token)+"/messages/@original", "", body)
			if resp.StatusCode != 200 || msg["edited_timestamp"] != nil {
				t.Fatalf("%d %v", resp.StatusCode, msg)
			}
			return msg, before
		}, `,"duration":48`, 48, false},
		{"the follow-up that completes a deferral", func(t *testing.T, ex *exchange, body string) (map[string]any, time.Time) {
			ex.answer(t, []byte(`{"type":5,"data":{"flags":64}}`))
			before := time.Now().Add(-time.Second)
			resp, msg := call(t, s, "POST", webhookPath(s, ex.Token), "", body)
			if resp.StatusCode != 200 || msg["flags"] != float64(64) {
				t.Fatalf("%d %v", resp.StatusCode, msg)
			}
			return msg, before
		}, ``, 24, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := rl.invoke(t, s, "ask")
			body := `{"poll":` + strings.TrimSuffix(lunchPoll, "}") + tt.extra + `}}`
			msg, made := tt.send(t, ex, body)
			if msg["content"] != "" && msg["content"] != "Vote below" {
				t.Errorf("content %v", msg["content"])
			}
			wantLunch(t, msg, made, tt.hours, tt.multiselect)
			// The message reads back with its poll.
			resp, again := call(t, s, "GET", webhookPath(s, ex.Token)+"/messages/"+msg["id"].(string), "", "")
			if resp.StatusCode != 200 || !sameJSON(t, again["poll"], mustJSON(t, msg["poll"])) {
				t.Errorf("read back: %d %v", resp.StatusCode, again["poll"])
			}
		})
	}
}

// What the service refuses of a poll, and of the messages that have one.
func TestPollsTheServiceRefuses(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	poll := func(fields string) string {
		return `{"question":{"text":"Lunch?"},"answers":[{"poll_media":{"text":"Pizza"}}]` + fields + `}`
	}
	tests := []struct {
		name string
		// first answers the interaction; then the request is made.
		first, method, path, body string
		wantStatus                int
		wantCode                  float64
		wantAt                    []string // where the errors tree has the problem
		wantErrCode               string
	}{
		{"a question has at most 300 characters", `{"type":4,"data":{"content":"x"}}`, "POST", "", `{"poll":{"question":{"text":"` + strings.Repeat("é", 301) + `"},"answers":[{"poll_media":{"text":"a"}}]}}`,
			400, 50035, []string{"poll", "question", "text"}, "BASE_TYPE_BAD_LENGTH"},
		{"a poll has at most 10 answers", `{"type":4,"data":{"content":"x"}}`, "POST", "", `{"poll":{"question":{"text":"q"},"answers":[` + strings.Repeat(`{"poll_media":{"text":"a"}},`, 10) + `{"poll_media":{"text":"a"}}]}}`,
			400, 50035, []string{"poll", "answers"}, "BASE_TYPE_BAD_LENGTH"},
		{"an answer has at most 55 characters", `{"type":4,"data":{"content":"x"}}`, "POST", "", `{"poll":{"question":{"text":"q"},"answers":[{"poll_media":{"text":"` + strings.Repeat("a", 56) + `"}}]}}`,
			400, 50035, []string{"poll", "answers", "0", "poll_media", "text"}, "BASE_TYPE_BAD_LENGTH"},
		{"a poll lasts at most 32 days", `{"type":4,"data":{"content":"x"}}`, "POST", "", `{"poll":` + poll(`,"duration":769`) + `}`,
			400, 50035, []string{"poll", "duration"}, "NUMBER_TYPE_MAX"},
		{"a poll has the one layout", `{"type":4,"data":{"content":"x"}}`, "POST", "", `{"poll":` + poll(`,"layout_type":2`) + `}`,
			400, 50035, []string{"poll", "layout_type"}, "BASE_TYPE_CHOICES"},
		{"a message laid out with components has no poll", `{"type":4,"data":{"content":"x"}}`, "POST", "",
			`{"flags":32768,"components":[{"type":10,"content":"Vote"}],"poll":` + poll(``) + `}`,
			400, 50035, []string{"poll"}, "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"},
		{"an answer's poll is checked too", "", "POST", "callback", `{"type":4,"data":{"poll":{"question":{"text":"q"},"answers":[]}}}`,
			400, 50035, []string{"data", "poll", "answers"}, "BASE_TYPE_BAD_LENGTH"},
		{"an edit of a complete answer adds no poll", `{"type":4,"data":{"content":"x"}}`, "PATCH", "/messages/@original", `{"poll":` + poll(``) + `}`,
			400, 50035, []string{"poll"}, "MESSAGE_POLL_NOT_ADDABLE"},
		{"a message with a poll takes no edit", `{"type":4,"data":{"poll":` + poll(``) + `}}`, "PATCH", "/messages/@original", `{"content":"changed"}`,
			400, 520003, nil, ""},
		{"nor an edit that changes nothing", `{"type":4,"data":{"poll":` + poll(``) + `}}`, "PATCH", "/messages/@original", `{}`,
			400, 520003, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := rl.invoke(t, s, "ask")
			path := webhookPath(s, ex.Token) + tt.path
			if tt.path == "callback" {
				path = callbackPath(ex.ID, ex.Token)
			} else if res := ex.answer(t, []byte(tt.first)); !res.OK {
				t.Fatalf("answering: %+v", res)
			}
			resp, body := call(t, s, tt.method, path, "", tt.body)
			if tt.path == "callback" {
				ex.answer(t, nil)
			}
			if resp.StatusCode != tt.wantStatus || body["code"] != tt.wantCode {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
			if tt.wantAt != nil && !errorCodeAt(body, tt.wantErrCode, tt.wantAt...) {
				t.Errorf("no %s at %v: %v", tt.wantErrCode, tt.wantAt, body["errors"])
			}
			if tt.wantCode == 520003 && body["message"] != "Cannot edit a poll message" {
				t.Errorf("message %v", body["message"])
			}
		})
	}

	t.Run("a follow-up with a poll takes no edit either", func(t *testing.T) {
		ex := rl.invoke(t, s, "ask")
		ex.answer(t, []byte(`{"type":4,"data":{"content":"x"}}`))
		_, f := call(t, s, "POST", webhookPath(s, ex.Token), "", `{"poll":`+poll(``)+`}`)
		resp, body := call(t, s, "PATCH", webhookPath(s, ex.Token)+"/messages/"+f["id"].(string), "", `{"content":"y"}`)
		if resp.StatusCode != 400 || body["code"] != float64(520003) {
			t.Fatalf("%d %v", resp.StatusCode, body)
		}
		if resp, _ := call(t, s, "DELETE", webhookPath(s, ex.Token)+"/messages/"+f["id"].(string), "", ""); resp.StatusCode != 204 {
			t.Errorf("deleting it: %d", resp.StatusCode)
		}
	})
}

// errorCodeAt reports whether an error body's errors tree has a problem
// of code at path.
func errorCodeAt(body map[string]any, code string, path ...string) bool {
	node, _ := body["errors"].(map[string]any)
	for _, p := range path {
		node, _ = node[p].(map[string]any)
	}
	list, _ := node["_errors"].([]any)
	for _, e := range list {
		if m, _ := e.(map[string]any); m["code"] == code {
			return true
		}
	}
	return false
}

// A component's answer changes the message it is on, which exists: an
// update adds no poll, and a message with a poll takes no update.
func TestAComponentsAnswerNeitherAddsNorChangesAPoll(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	row := `[{"type":1,"components":[{"type":2,"style":1,"label":"Close","custom_id":"close"}]}]`
	tests := []struct {
		name, message, update string
		wantCode              float64
		wantErrCode           string
	}{
		{"an update adds no poll", `{"content":"Vote soon","components":` + row + `}`,
			`{"type":7,"data":{"poll":{"question":{"text":"q"},"answers":[{"poll_media":{"text":"a"}}]}}}`, 50035, "MESSAGE_POLL_NOT_ADDABLE"},
		{"a message with a poll takes no update", `{"components":` + row + `,"poll":{"question":{"text":"q"},"answers":[{"poll_media":{"text":"a"}}]}}`,
			`{"type":7,"data":{"content":"Closed"}}`, 520003, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := rl.invoke(t, s, "ask")
			if res := ex.answer(t, []byte(`{"type":4,"data":`+tt.message+`}`)); !res.OK {
				t.Fatalf("answering: %+v", res)
			}
			_, msg := call(t, s, "GET", webhookPath(s, ex.Token)+"/messages/@original", "", "")
			click := rl.act(t, s, "/_emulator/click", `{"message":"`+msg["id"].(string)+`","button":"Close"}`)
			resp, body := call(t, s, "POST", callbackPath(click.ID, click.Token), "", tt.update)
			click.answer(t, nil)
			if resp.StatusCode != 400 || body["code"] != tt.wantCode {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
			if tt.wantErrCode != "" && !errorCodeAt(body, tt.wantErrCode, "data", "poll") {
				t.Errorf("no %s at data.poll: %v", tt.wantErrCode, body["errors"])
			}
			_, after := call(t, s, "GET", webhookPath(s, ex.Token)+"/messages/@original", "", "")
			if !sameJSON(t, after, mustJSON(t, msg)) {
				t.Errorf("the message changed:\n%v\n%v", msg, after)
			}
		})
	}
}
