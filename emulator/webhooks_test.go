package emulator_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// clock is a clock a test moves by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Unix(1_800_000_000, 0)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// startAnswers starts a server on a clock of the test's, with an
// interaction sent to the bot.
func startAnswers(t *testing.T, ixType interaction.Type) (*target, *clock, interaction.Snowflake, string) {
	t.Helper()
	c := newClock()
	s := start(t, emulator.Config{Now: c.Now, RateLimit: emulator.RateLimit{Requests: 1 << 30}})
	id, token := s.Server(t, "FakeInteraction is Go only").FakeInteraction(ixType, interaction.CommandChatInput)
	return s, c, id, token
}

func callbackPath(id interaction.Snowflake, token string) string {
	return "/interactions/" + id.String() + "/" + token + "/callback"
}

func webhookPath(s *target, token string) string {
	return "/webhooks/" + s.ApplicationID.String() + "/" + token
}

// errorAt reports whether an error body's errors tree has _errors at path.
func errorAt(body map[string]any, path ...string) bool {
	node, _ := body["errors"].(map[string]any)
	for _, p := range path {
		node, _ = node[p].(map[string]any)
	}
	list, _ := node["_errors"].([]any)
	return len(list) > 0
}

func TestCallbackAcceptsOneAnswerWithoutAuthorization(t *testing.T) {
	s, _, id, token := startAnswers(t, interaction.TypeApplicationCommand)
	resp, _ := call(t, s, "POST", callbackPath(id, token), "", `{"type":4,"data":{"content":"pong"}}`)
	if resp.StatusCode != 204 {
		t.Fatalf("first answer: %d", resp.StatusCode)
	}
	resp, body := call(t, s, "POST", callbackPath(id, token), "", `{"type":4,"data":{"content":"again"}}`)
	if resp.StatusCode != 400 || body["code"] != float64(40060) || body["message"] != "Interaction has already been acknowledged." {
		t.Fatalf("second answer: %d %v", resp.StatusCode, body)
	}
	rec, ok := s.server.Interaction(id)
	if !ok || rec.Answer == nil || rec.Answer.Type != interaction.CallbackChannelMessageWithSource ||
		rec.Original == nil || rec.Original.Data.Content != "pong" || rec.Answered.IsZero() {
		t.Fatalf("record: %+v", rec)
	}
}

func TestCallbackAcceptsTheFirstAnswerOnlyWithinThreeSeconds(t *testing.T) {
	for _, tc := range []struct {
		name     string
		after    time.Duration
		wantCode int // 0 for 204
	}{
		{"an answer at once is accepted", 0, 0},
		{"an answer at three seconds is accepted", 3 * time.Second, 0},
		{"a later answer finds no interaction", 3*time.Second + time.Millisecond, 10062},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, c, id, token := startAnswers(t, interaction.TypeApplicationCommand)
			c.Advance(tc.after)
			resp, body := call(t, s, "POST", callbackPath(id, token), "", `{"type":5}`)
			if tc.wantCode == 0 && resp.StatusCode != 204 || tc.wantCode != 0 && (resp.StatusCode != 404 || body["code"] != float64(tc.wantCode)) {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
		})
	}
}

func TestCallbackRefusesUnknownInteractionsAndWrongTokens(t *testing.T) {
	s, _, id, token := startAnswers(t, interaction.TypeApplicationCommand)
	for _, path := range []string{
		callbackPath(id+1, token),
		callbackPath(id, token+"0"),
		"/interactions/nope/" + token + "/callback",
	} {
		resp, body := call(t, s, "POST", path, "", `{"type":4,"data":{"content":"hi"}}`)
		if resp.StatusCode != 404 || body["code"] != float64(10062) || body["message"] != "Unknown interaction" {
			t.Fatalf("%s: %d %v", path, resp.StatusCode, body)
		}
	}
}

func TestCallbackChecksTheAnswerAgainstTheInteraction(t *testing.T) {
	long := strings.Repeat("a", 2001)
	fields := `[` + strings.Repeat(`{"name":"n","value":"v"},`, 25) + `{"name":"n","value":"v"}]`
	choices := func(n int) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = `{"name":"c","value":"c"}`
		}
		return `{"type":8,"data":{"choices":[` + strings.Join(parts, ",") + `]}}`
	}
	cmd, auto := interaction.TypeApplicationCommand, interaction.TypeApplicationCommandAutocomplete
	for _, tc := range []struct {
		name     string
		ixType   interaction.Type
		body     string
		wantCode int      // 0 for 204
		wantAt   []string // where the errors tree points, for 50035
	}{
		{"a command may be answered with a message", cmd, `{"type":4,"data":{"content":"hi","flags":64}}`, 0, nil},
		{"a command may be deferred ephemerally", cmd, `{"type":5,"data":{"flags":64}}`, 0, nil},
		{"a command may be answered with a modal", cmd, `{"type":9,"data":{"custom_id":"m","title":"T","components":[{"type":1,"components":[{"type":4,"custom_id":"a","style":1,"label":"A"}]}]}}`, 0, nil},
		{"an autocomplete may get 25 choices", auto, choices(25), 0, nil},
		{"a command may not get choices", cmd, choices(1), 50035, []string{"type"}},
		{"a command may not be ponged", cmd, `{"type":1}`, 50035, []string{"type"}},
		{"PREMIUM_REQUIRED is deprecated", cmd, `{"type":10}`, 50035, []string{"type"}},
		{"LAUNCH_ACTIVITY needs an Activity", cmd, `{"type":12}`, 50035, []string{"type"}},
		{"an autocomplete may not get a message", auto, `{"type":4,"data":{"content":"hi"}}`, 50035, []string{"type"}},
		{"an autocomplete may not get 26 choices", auto, choices(26), 50035, []string{"data", "choices"}},
		{"content is at most 2000 characters", cmd, `{"type":4,"data":{"content":"` + long + `"}}`, 50035, []string{"data", "content"}},
		{"a message has at most 10 embeds", cmd, `{"type":4,"data":{"embeds":[` + strings.Repeat(`{"title":"t"},`, 10) + `{"title":"t"}]}}`, 50035, []string{"data", "embeds"}},
		{"an embed has at most 25 fields", cmd, `{"type":4,"data":{"embeds":[{"fields":` + fields + `}]}}`, 50035, []string{"data", "embeds", "0", "fields"}},
		{"a message may not set LOADING", cmd, `{"type":4,"data":{"content":"hi","flags":128}}`, 50035, []string{"data", "flags"}},
		{"a deferral may set only the flags of an answer", cmd, `{"type":5,"data":{"flags":16}}`, 50035, []string{"data", "flags"}},
		{"a modal needs a title", cmd, `{"type":9,"data":{"custom_id":"m","components":[{"type":1}]}}`, 50035, []string{"data", "title"}},
		{"a message may not be empty", cmd, `{"type":4,"data":{}}`, 50006, nil},
		{"a body must be JSON", cmd, `{"type":4,`, 50109, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, id, token := startAnswers(t, tc.ixType)
			resp, body := call(t, s, "POST", callbackPath(id, token), "", tc.body)
			if tc.wantCode == 0 {
				if resp.StatusCode != 204 {
					t.Fatalf("%d %v", resp.StatusCode, body)
				}
				return
			}
			if resp.StatusCode != 400 || body["code"] != float64(tc.wantCode) || tc.wantAt != nil && !errorAt(body, tc.wantAt...) {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
			if rec, _ := s.server.Interaction(id); rec.Answer != nil {
				t.Fatalf("a refused answer was recorded: %+v", rec.Answer)
			}
		})
	}
}

func TestCallbackWithResponseReturnsTheMessageItMade(t *testing.T) {
	s, _, id, token := startAnswers(t, interaction.TypeApplicationCommand)
	resp, body := call(t, s, "POST", callbackPath(id, token)+"?with_response=true", "", `{"type":4,"data":{"content":"pong","flags":64}}`)
	ix, _ := body["interaction"].(map[string]any)
	res, _ := body["resource"].(map[string]any)
	msg, _ := res["message"].(map[string]any)
	if resp.StatusCode != 200 || ix["id"] != id.String() || ix["type"] != float64(2) || ix["response_message_ephemeral"] != true ||
		ix["response_message_loading"] != false || res["type"] != float64(4) || msg["content"] != "pong" || msg["id"] != ix["response_message_id"] {
		t.Fatalf("%d %v", resp.StatusCode, body)
	}
}

func TestEditingTheOriginalCompletesADeferredAnswer(t *testing.T) {
	s, c, id, token := startAnswers(t, interaction.TypeApplicationCommand)
	call(t, s, "POST", callbackPath(id, token), "", `{"type":5,"data":{"flags":64}}`)
	original := webhookPath(s, token) + "/messages/@original"
	resp, body := call(t, s, "GET", original, "", "")
	if resp.StatusCode != 200 || body["flags"] != float64(64|128) || body["content"] != "" {
		t.Fatalf("loading message: %d %v", resp.StatusCode, body)
	}
	c.Advance(10 * time.Minute)
	resp, body = call(t, s, "PATCH", original, "", `{"content":"done","flags":0}`)
	if resp.StatusCode != 200 || body["content"] != "done" || body["flags"] != float64(64) || body["edited_timestamp"] != nil ||
		body["type"] != float64(20) || body["webhook_id"] != s.ApplicationID.String() || body["application_id"] != s.ApplicationID.String() {
		t.Fatalf("completed message: %d %v", resp.StatusCode, body)
	}
	rec, _ := s.server.Interaction(id)
	if rec.Original == nil || rec.Original.Loading() || rec.Original.Data.Content != "done" || len(rec.Followups) != 0 {
		t.Fatalf("record: %+v", rec)
	}
	resp, body = call(t, s, "PATCH", original, "", `{"content":"edited"}`)
	if resp.StatusCode != 200 || body["edited_timestamp"] != "2027-01-15T08:10:00.000000+00:00" {
		t.Fatalf("edit: %d %v", resp.StatusCode, body)
	}
}

func TestAFollowupRightAfterADeferralCompletesTheLoadingMessage(t *testing.T) {
	s, _, id, token := startAnswers(t, interaction.TypeApplicationCommand)
	call(t, s, "POST", callbackPath(id, token), "", `{"type":5}`)
	resp, body := call(t, s, "POST", webhookPath(s, token), "", `{"content":"late","flags":64}`)
	rec, _ := s.server.Interaction(id)
	if resp.StatusCode != 200 || body["id"] != rec.Original.ID.String() || body["flags"] != float64(0) ||
		rec.Original.Data.Content != "late" || len(rec.Followups) != 0 {
		t.Fatalf("%d %v %+v", resp.StatusCode, body, rec)
	}
}

func TestFollowupsAreMessagesOfTheirOwn(t *testing.T) {
	s, c, id, token := startAnswers(t, interaction.TypeApplicationCommand)
	call(t, s, "POST", callbackPath(id, token), "", `{"type":4,"data":{"content":"first"}}`)
	resp, body := call(t, s, "POST", webhookPath(s, token)+"?wait=false", "", `{"content":"second","flags":64,"embeds":[{"title":"t"}]}`)
	author, _ := body["author"].(map[string]any)
	meta, _ := body["interaction_metadata"].(map[string]any)
	msgID, _ := body["id"].(string)
	if resp.StatusCode != 200 || msgID == "" || body["content"] != "second" || body["flags"] != float64(64) || body["type"] != float64(0) ||
		body["webhook_id"] != s.ApplicationID.String() || author["bot"] != true || meta["id"] != id.String() ||
		body["timestamp"] != "2027-01-15T08:00:00.000000+00:00" || body["edited_timestamp"] != nil {
		t.Fatalf("follow-up: %d %v", resp.StatusCode, body)
	}
	path := webhookPath(s, token) + "/messages/" + msgID
	if resp, body := call(t, s, "GET", path, "", ""); resp.StatusCode != 200 || body["content"] != "second" {
		t.Fatalf("get: %d %v", resp.StatusCode, body)
	}
	c.Advance(time.Minute)
	if resp, body := call(t, s, "PATCH", path, "", `{"embeds":[]}`); resp.StatusCode != 200 || body["content"] != "second" ||
		len(body["embeds"].([]any)) != 0 || body["edited_timestamp"] != "2027-01-15T08:01:00.000000+00:00" {
		t.Fatalf("edit: %d %v", resp.StatusCode, body)
	}
	if resp, _ := call(t, s, "DELETE", path, "", ""); resp.StatusCode != 204 {
		t.Fatalf("delete: %d", resp.StatusCode)
	}
	for _, method := range []string{"GET", "PATCH", "DELETE"} {
		resp, body := call(t, s, method, path, "", `{"content":"x"}`)
		if resp.StatusCode != 404 || body["code"] != float64(10008) || body["message"] != "Unknown Message" {
			t.Fatalf("%s after delete: %d %v", method, resp.StatusCode, body)
		}
	}
	rec, _ := s.server.Interaction(id)
	if len(rec.Followups) != 1 || !rec.Followups[0].Deleted || rec.Original.Data.Content != "first" {
		t.Fatalf("record: %+v", rec)
	}
}

func TestWebhookEndpointsLiveForFifteenMinutesAfterAnAnswer(t *testing.T) {
	for _, tc := range []struct {
		name       string
		answer     bool
		after      time.Duration
		path       func(s *target, token string) string
		wantStatus int
		wantCode   int
	}{
		{"a follow-up before any answer has no webhook", false, 0, webhookPath, 404, 10015},
		{"a follow-up within the token's life is sent", true, 15*time.Minute - time.Millisecond, webhookPath, 200, 0},
		{"a follow-up after fifteen minutes has an invalid token", true, 15 * time.Minute, webhookPath, 401, 50027},
		{"an unknown token is invalid", true, 0, func(s *target, _ string) string { return webhookPath(s, "0123") }, 401, 50027},
		{"another application has no such webhook", true, 0, func(_ *target, token string) string { return "/webhooks/1/" + token }, 404, 10015},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, c, id, token := startAnswers(t, interaction.TypeApplicationCommand)
			if tc.answer {
				call(t, s, "POST", callbackPath(id, token), "", `{"type":4,"data":{"content":"hi"}}`)
			}
			c.Advance(tc.after)
			resp, body := call(t, s, "POST", tc.path(s, token), "", `{"content":"more"}`)
			if resp.StatusCode != tc.wantStatus || tc.wantCode != 0 && body["code"] != float64(tc.wantCode) {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
		})
	}
}

func TestWebhookMessagesAreCheckedLikeAnswers(t *testing.T) {
	for _, tc := range []struct {
		name     string
		method   string
		path     string
		body     string
		wantCode int
		wantAt   []string
	}{
		{"a follow-up has at most 2000 characters", "POST", "", `{"content":"` + strings.Repeat("é", 2001) + `"}`, 50035, []string{"content"}},
		{"a follow-up may not be empty", "POST", "", `{}`, 50006, nil},
		{"a follow-up may not set LOADING", "POST", "", `{"content":"x","flags":128}`, 50035, []string{"flags"}},
		{"an edit may not empty a message", "PATCH", "/messages/@original", `{"content":""}`, 50006, nil},
		{"an edit keeps the embed limits", "PATCH", "/messages/@original", `{"embeds":[{"description":"` + strings.Repeat("d", 4097) + `"}]}`, 50035, []string{"embeds", "0", "description"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, id, token := startAnswers(t, interaction.TypeApplicationCommand)
			call(t, s, "POST", callbackPath(id, token), "", `{"type":4,"data":{"content":"hi"}}`)
			resp, body := call(t, s, tc.method, webhookPath(s, token)+tc.path, "", tc.body)
			if resp.StatusCode != 400 || body["code"] != float64(tc.wantCode) || tc.wantAt != nil && !errorAt(body, tc.wantAt...) {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
			if rec, _ := s.server.Interaction(id); rec.Original.Data.Content != "hi" || len(rec.Followups) != 0 {
				t.Fatalf("a refused request changed the record: %+v", rec)
			}
		})
	}
}

func TestAnswersWithoutAMessageHaveNoOriginal(t *testing.T) {
	s, _, id, token := startAnswers(t, interaction.TypeApplicationCommandAutocomplete)
	call(t, s, "POST", callbackPath(id, token), "", `{"type":8,"data":{"choices":[]}}`)
	resp, body := call(t, s, "GET", webhookPath(s, token)+"/messages/@original", "", "")
	if resp.StatusCode != 404 || body["code"] != float64(10008) {
		t.Fatalf("%d %v", resp.StatusCode, body)
	}
}

func TestTheHistoryKeepsEveryStepInOrder(t *testing.T) {
	s, _, id, token := startAnswers(t, interaction.TypeApplicationCommand)
	call(t, s, "POST", callbackPath(id, token), "", `{"type":5}`)
	original := webhookPath(s, token) + "/messages/@original"
	call(t, s, "PATCH", original, "", `{"content":"done"}`)
	_, body := call(t, s, "POST", webhookPath(s, token), "", `{"content":"uploading"}`)
	followup := webhookPath(s, token) + "/messages/" + body["id"].(string)
	call(t, s, "PATCH", followup, "", `{"content":"uploaded"}`)
	call(t, s, "PATCH", original, "", `{"content":"done, twice"}`)
	call(t, s, "DELETE", followup, "", "")
	call(t, s, "PATCH", followup, "", `{"content":"refused: deleted"}`)

	rec, _ := s.server.Interaction(id)
	type step struct {
		kind     emulator.MessageEventKind
		original bool
		content  string
	}
	want := []step{
		{emulator.MessageDeferred, true, ""},
		{emulator.MessageCompleted, true, "done"},
		{emulator.MessageFollowedUp, false, "uploading"},
		{emulator.MessageEdited, false, "uploaded"},
		{emulator.MessageEdited, true, "done, twice"},
		{emulator.MessageDeleted, false, "uploaded"},
	}
	var got []step
	for _, e := range rec.History {
		got = append(got, step{e.Kind, e.Original, e.Message.Data.Content})
	}
	if len(got) != len(want) {
		t.Fatalf("history %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("step %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if rec.History[0].Message.ID != rec.Original.ID || !rec.History[0].Message.Loading() || rec.History[5].Message.ID != rec.Followups[0].ID {
		t.Errorf("the steps name the wrong messages: %+v", rec.History)
	}
}
