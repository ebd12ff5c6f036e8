package emulator_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
)

// The callback and webhook endpoints, with interactions the emulator sent
// to a bot, in the process and against the standalone process alike. The
// tests in webhooks_test.go cover what needs a clock of the test's own.

func TestTheCallbackTakesOneAnswer(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})

	t.Run("a second answer is already acknowledged", func(t *testing.T) {
		ex := rl.invoke(t, s, "ask")
		resp, body := call(t, s, "POST", callbackPath(ex.ID, ex.Token), "", `{"type":4,"data":{"content":"first"}}`)
		if resp.StatusCode != 204 {
			t.Fatalf("first answer: %d %v", resp.StatusCode, body)
		}
		resp, body = call(t, s, "POST", callbackPath(ex.ID, ex.Token), "", `{"type":4,"data":{"content":"second"}}`)
		if resp.StatusCode != 400 || body["code"] != float64(40060) || body["message"] != "Interaction has already been acknowledged." {
			t.Fatalf("second answer: %d %v", resp.StatusCode, body)
		}
		if res := ex.answer(t, nil); !res.OK || res.Status != 200 {
			t.Fatalf("a bot that answered through the callback: %+v", res)
		}
	})
	t.Run("an answer in the HTTP response after the callback is one too many", func(t *testing.T) {
		ex := rl.invoke(t, s, "ask")
		if resp, body := call(t, s, "POST", callbackPath(ex.ID, ex.Token), "", `{"type":5}`); resp.StatusCode != 204 {
			t.Fatalf("callback: %d %v", resp.StatusCode, body)
		}
		res := ex.answer(t, []byte(`{"type":4,"data":{"content":"late"}}`))
		if res.OK || !strings.Contains(strings.Join(res.Violations, " "), "already been acknowledged") {
			t.Fatalf("%+v", res)
		}
	})
	t.Run("a wrong token finds no interaction", func(t *testing.T) {
		ex := rl.invoke(t, s, "ask")
		resp, body := call(t, s, "POST", callbackPath(ex.ID, ex.Token+"0"), "", `{"type":4,"data":{"content":"hi"}}`)
		if resp.StatusCode != 404 || body["code"] != float64(10062) || body["message"] != "Unknown interaction" {
			t.Fatalf("%d %v", resp.StatusCode, body)
		}
		ex.answer(t, []byte(`{"type":4,"data":{"content":"hi"}}`))
	})
}

// A bot may acknowledge an interaction with 202 Accepted and no body, and
// send its answer through the callback endpoint, within the same window:
// the service accepts that for every interaction but PING.
func TestAnAcknowledgementWaitsForTheCallback(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	answer := `{"type":4,"data":{"content":"through the callback"}}`

	t.Run("202, then the answer through the callback", func(t *testing.T) {
		ex := rl.invoke(t, s, "ask")
		ex.acknowledge(t)
		if resp, body := call(t, s, "POST", callbackPath(ex.ID, ex.Token), "", answer); resp.StatusCode != 204 {
			t.Fatalf("callback: %d %v", resp.StatusCode, body)
		}
		res := ex.outcome(t)
		if !res.OK || res.Status != 202 || res.Answer == nil || res.Answer.Data.Content != "through the callback" {
			t.Fatalf("%+v", res)
		}
		resp, msg := call(t, s, "GET", webhookPath(s, ex.Token)+"/messages/@original", "", "")
		if resp.StatusCode != 200 || msg["content"] != "through the callback" {
			t.Fatalf("@original: %d %v", resp.StatusCode, msg)
		}
	})
	t.Run("the answer through the callback, then 202", func(t *testing.T) {
		ex := rl.invoke(t, s, "ask")
		if resp, body := call(t, s, "POST", callbackPath(ex.ID, ex.Token), "", answer); resp.StatusCode != 204 {
			t.Fatalf("callback: %d %v", resp.StatusCode, body)
		}
		if res := ex.answerWith(t, http.StatusAccepted, nil); !res.OK || res.Status != 202 {
			t.Fatalf("%+v", res)
		}
	})
	t.Run("202 without an answer in the window fails", func(t *testing.T) {
		// The window passes here, so it is a short one.
		s, rl := startRelay(t, emulator.Config{ResponseWindow: 200 * time.Millisecond})
		ex := rl.invoke(t, s, "ask")
		res := ex.answerWith(t, http.StatusAccepted, nil)
		if res.OK || !strings.Contains(strings.Join(res.Violations, " "), "202 Accepted but sent no answer through the callback endpoint") {
			t.Fatalf("%+v", res)
		}
		if resp, body := call(t, s, "POST", callbackPath(ex.ID, ex.Token), "", answer); resp.StatusCode != 404 || body["code"] != float64(10062) {
			t.Fatalf("a callback after the window: %d %v", resp.StatusCode, body)
		}
	})
	t.Run("another status acknowledges nothing", func(t *testing.T) {
		ex := rl.invoke(t, s, "ask")
		res := ex.answerWith(t, http.StatusInternalServerError, nil)
		if res.OK || !strings.Contains(strings.Join(res.Violations, " "), "status Internal Server Error") {
			t.Fatalf("%+v", res)
		}
	})
}

// A bot that defers completes its answer by editing @original and goes on
// with follow-ups, each of which it may read, edit and delete.
func TestADeferredAnswerIsCompletedAndFollowedUp(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	ex := rl.invoke(t, s, "ask")
	// A follow-up before any answer is refused, after the moment it
	// waits for an answer that may be arriving (settleGrace).
	if resp, body := call(t, s, "POST", webhookPath(s, ex.Token), "", `{"content":"early"}`); resp.StatusCode != 404 || body["code"] != float64(10015) {
		t.Fatalf("a follow-up before any answer: %d %v", resp.StatusCode, body)
	}
	if res := ex.answer(t, []byte(`{"type":5,"data":{"flags":64}}`)); !res.OK {
		t.Fatalf("deferral: %+v", res)
	}
	hook := webhookPath(s, ex.Token)
	original := hook + "/messages/@original"

	steps := []struct {
		name       string
		method     string
		path       func() string
		body       string
		wantStatus int
		want       map[string]any // fields of the answer
	}{
		{"the deferral shows a loading message", "GET", func() string { return original }, "", 200,
			map[string]any{"content": "", "flags": float64(64 | 128), "type": float64(20)}},
		{"editing it completes it, not an edit", "PATCH", func() string { return original }, `{"content":"done"}`, 200,
			map[string]any{"content": "done", "flags": float64(64), "edited_timestamp": nil}},
		{"a follow-up is a message of its own", "POST", func() string { return hook }, `{"content":"more"}`, 200,
			map[string]any{"content": "more", "flags": float64(0), "type": float64(0), "webhook_id": s.ApplicationID.String()}},
	}
	var followup string
	for _, st := range steps {
		resp, body := call(t, s, st.method, st.path(), "", st.body)
		if resp.StatusCode != st.wantStatus {
			t.Fatalf("%s: %d %v", st.name, resp.StatusCode, body)
		}
		for k, v := range st.want {
			if body[k] != v {
				t.Errorf("%s: %s = %v, want %v", st.name, k, body[k], v)
			}
		}
		if st.method == "POST" {
			followup, _ = body["id"].(string)
		}
	}
	message := hook + "/messages/" + followup
	if resp, body := call(t, s, "GET", message, "", ""); resp.StatusCode != 200 || body["content"] != "more" {
		t.Fatalf("reading the follow-up: %d %v", resp.StatusCode, body)
	}
	if resp, body := call(t, s, "PATCH", message, "", `{"content":"edited"}`); resp.StatusCode != 200 || body["content"] != "edited" || body["edited_timestamp"] == nil {
		t.Fatalf("editing the follow-up: %d %v", resp.StatusCode, body)
	}

	// What the bot answered reads back through the control API.
	var rec struct {
		Answer *struct {
			Type int `json:"type"`
		} `json:"answer"`
		Original  map[string]any   `json:"original"`
		Followups []map[string]any `json:"followups"`
	}
	status, raw := control(t, s.controlURL, "GET", "/_emulator/interactions/"+ex.ID.String(), "")
	if err := json.Unmarshal(raw, &rec); status != 200 || err != nil || rec.Answer == nil || rec.Answer.Type != 5 ||
		rec.Original["content"] != "done" || len(rec.Followups) != 1 || rec.Followups[0]["content"] != "edited" {
		t.Fatalf("reading back: %d %s", status, raw)
	}
	if status, raw := control(t, s.controlURL, "GET", "/_emulator/interactions", ""); status != 200 || !strings.Contains(string(raw), `"id":"`+ex.ID.String()+`"`) {
		t.Fatalf("the list of interactions: %d %s", status, raw)
	}

	for _, path := range []string{message, original} {
		if resp, body := call(t, s, "DELETE", path, "", ""); resp.StatusCode != 204 {
			t.Fatalf("DELETE %s: %d %v", path, resp.StatusCode, body)
		}
		for _, method := range []string{"GET", "PATCH", "DELETE"} {
			resp, body := call(t, s, method, path, "", `{"content":"x"}`)
			if resp.StatusCode != 404 || body["code"] != float64(10008) || body["message"] != "Unknown Message" {
				t.Errorf("%s %s after deleting it: %d %v", method, path, resp.StatusCode, body)
			}
		}
	}
	_, raw = control(t, s.controlURL, "GET", "/_emulator/interactions/"+ex.ID.String(), "")
	if err := json.Unmarshal(raw, &rec); err != nil || rec.Original["deleted"] != true || rec.Followups[0]["deleted"] != true {
		t.Fatalf("reading back the deletions: %s", raw)
	}

	// The history keeps every step, in order, with the message as it was.
	var hist struct {
		History []struct {
			Kind     string         `json:"kind"`
			Original bool           `json:"original"`
			Message  map[string]any `json:"message"`
		} `json:"history"`
	}
	if err := json.Unmarshal(raw, &hist); err != nil {
		t.Fatal(err)
	}
	want := []string{"deferred true ", "completed true done", "followed_up false more", "edited false edited", "deleted false edited", "deleted true done"}
	var got []string
	for _, e := range hist.History {
		got = append(got, fmt.Sprintf("%s %v %v", e.Kind, e.Original, e.Message["content"]))
	}
	if !slices.Equal(got, want) {
		t.Errorf("history\n got %q\nwant %q", got, want)
	}
}

func TestWebhooksNeedTheTokenOfAnAnsweredInteraction(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	ex := rl.invoke(t, s, "ask")
	if res := ex.answer(t, []byte(`{"type":4,"data":{"content":"hi"}}`)); !res.OK {
		t.Fatalf("%+v", res)
	}
	for _, tc := range []struct {
		name       string
		method     string
		path       string
		wantStatus int
		wantCode   float64
	}{
		{"an unknown token is invalid", "POST", webhookPath(s, "0123"), 401, 50027},
		{"an unknown token has no messages", "GET", webhookPath(s, "0123") + "/messages/@original", 401, 50027},
		{"another application has no such webhook", "POST", "/webhooks/1/" + ex.Token, 404, 10015},
		{"an unknown message id is no message", "GET", webhookPath(s, ex.Token) + "/messages/1", 404, 10008},
		{"a message id that is no snowflake is no message", "PATCH", webhookPath(s, ex.Token) + "/messages/first", 404, 10008},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := call(t, s, tc.method, tc.path, "", `{"content":"x"}`)
			if resp.StatusCode != tc.wantStatus || body["code"] != tc.wantCode {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
		})
	}
}

func TestTheCallbackWithResponseAnswersWithTheMessage(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	ex := rl.invoke(t, s, "ask")
	resp, body := call(t, s, "POST", callbackPath(ex.ID, ex.Token)+"?with_response=true", "", `{"type":4,"data":{"content":"pong"}}`)
	ix, _ := body["interaction"].(map[string]any)
	res, _ := body["resource"].(map[string]any)
	msg, _ := res["message"].(map[string]any)
	if resp.StatusCode != 200 || ix["id"] != ex.ID.String() || res["type"] != float64(4) || msg["content"] != "pong" || msg["id"] != ix["response_message_id"] {
		t.Fatalf("%d %v", resp.StatusCode, body)
	}
	ex.answer(t, nil)
}
