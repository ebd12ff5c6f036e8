package emulator

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// feedbackModal is a MODAL answer with every kind of part a modal has: a
// text display, labels over a text input, a select menu and a file
// upload, and a legacy row with a text input.
const feedbackModal = `{"type":9,"data":{"custom_id":"feedback","title":"Feedback","components":[
 {"type":10,"content":"Tell us"},
 {"type":18,"label":"Name","component":{"type":4,"custom_id":"name","style":1,"min_length":2,"max_length":10}},
 {"type":18,"label":"Colour","component":{"type":3,"custom_id":"colour","options":[{"label":"Red","value":"r"},{"label":"Blue","value":"b","default":true}]}},
 {"type":1,"id":20,"components":[{"type":4,"custom_id":"note","style":2,"label":"Note","required":false,"value":"none"}]},
 {"type":18,"label":"Proof","component":{"type":19,"custom_id":"proof","required":false,"max_values":2}}]}}`

// startFeedback starts the poll of startPoll, whose buttons open the
// feedback modal, and has the member press one; the bot answers the
// submission with submitAnswer.
func startFeedback(t *testing.T, submitAnswer string) (*Server, *handBot, interaction.Snowflake) {
	t.Helper()
	s, bot, poll := startPoll(t, feedbackModal)
	res, err := s.Click(context.Background(), Click{Button: "Yes"})
	mustOK(t, res, err)
	bot.answering(func(ix *interaction.Interaction) string {
		if ix.Type == interaction.TypeModalSubmit {
			return submitAnswer
		}
		return feedbackModal
	})
	return s, bot, poll
}

// A submission sends what the service sends: the modal's custom_id and
// its parts as laid out, each input with its id, custom_id and what the
// user entered, the message whose button opened the modal, and the rest
// of what every interaction carries.
func TestASubmissionSendsWhatTheServiceSends(t *testing.T) {
	s, bot, poll := startFeedback(t, `{"type":4,"data":{"content":"thanks"}}`)
	res, err := s.Submit(context.Background(), Submit{
		Fields: map[string]string{"Name": "Ada"},
		Files:  map[string][]interaction.Attachment{"proof": {{Filename: "a b?.png", Size: 3}}},
	})
	mustOK(t, res, err)
	ix, raw := bot.last(t)

	var sent struct {
		Data struct {
			CustomID   string            `json:"custom_id"`
			Components []json.RawMessage `json:"components"`
			Resolved   struct {
				Attachments map[string]interaction.Attachment `json:"attachments"`
			} `json:"resolved"`
		} `json:"data"`
		Message struct {
			ID string `json:"id"`
		} `json:"message"`
	}
	if err := json.Unmarshal(raw, &sent); err != nil {
		t.Fatal(err)
	}
	if len(sent.Data.Resolved.Attachments) != 1 {
		t.Fatalf("resolved attachments: %s", raw)
	}
	var file string
	for id, a := range sent.Data.Resolved.Attachments {
		// The name is one segment of the URL's path, escaped.
		if a.Filename != "a b?.png" || a.Size != 3 || !strings.HasPrefix(a.URL, "https://") || !strings.HasSuffix(a.URL, "/a%20b%3F.png") {
			t.Errorf("the uploaded file: %+v", a)
		}
		file = id
	}
	want := []string{
		`{"type":10,"id":1}`,
		`{"type":18,"id":2,"component":{"type":4,"id":3,"custom_id":"name","value":"Ada"}}`,
		`{"type":18,"id":4,"component":{"type":3,"id":5,"custom_id":"colour","values":["b"]}}`,
		`{"type":1,"id":20,"components":[{"type":4,"id":6,"custom_id":"note","value":"none"}]}`,
		`{"type":18,"id":7,"component":{"type":19,"id":8,"custom_id":"proof","values":["` + file + `"]}}`,
	}
	if len(sent.Data.Components) != len(want) {
		t.Fatalf("components: %s", raw)
	}
	for i, w := range want {
		if !sameJSONText(t, sent.Data.Components[i], w) {
			t.Errorf("component %d: %s, want %s", i, sent.Data.Components[i], w)
		}
	}
	if sent.Data.CustomID != "feedback" || sent.Message.ID != poll.String() {
		t.Errorf("custom_id %q, message %q", sent.Data.CustomID, sent.Message.ID)
	}

	name, _ := ix.Data.Submitted("name")
	colour, _ := ix.Data.Submitted("colour")
	if ix.Type != interaction.TypeModalSubmit || ix.Data.CustomID != "feedback" || name.Value != "Ada" ||
		!slices.Equal(colour.Values, []string{"b"}) || ix.Message == nil || ix.Message.ID != poll ||
		ix.Invoker().ID != s.Member || ix.GuildID != s.GuildID {
		t.Errorf("decoded: %+v", ix)
	}
	var inputs []string
	ix.Data.Inputs(func(c interaction.SubmittedComponent) bool {
		inputs = append(inputs, c.CustomID)
		return true
	})
	if strings.Join(inputs, " ") != "name colour note proof" {
		t.Errorf("inputs in order: %q", inputs)
	}
	if _, ok := s.OpenModal(0); ok {
		t.Error("the modal is still open after it was submitted")
	}

	// The reply to the submission names the interaction that opened the
	// modal.
	status, body := tokenWebhook(t, s, "GET", res.Interaction.Token, "/messages/@original", "")
	meta, _ := body["interaction_metadata"].(map[string]any)
	trigger, _ := meta["triggering_interaction_metadata"].(map[string]any)
	if status != 200 || meta["type"] != float64(interaction.TypeModalSubmit) || trigger["type"] != float64(interaction.TypeMessageComponent) ||
		trigger["interacted_message_id"] != poll.String() {
		t.Fatalf("@original: %d %v", status, body)
	}
}

// sameJSONText reports whether two JSON texts say the same thing.
func sameJSONText(t *testing.T, got []byte, want string) bool {
	t.Helper()
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(want), &b); err != nil {
		t.Fatal(err)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// A modal a command opened is submitted without a message, and its
// submission cannot update one.
func TestAModalACommandOpenedHasNoMessage(t *testing.T) {
	s := newTestServer(t)
	bot := startHandBot(t, s, always(feedbackModal))
	res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "poll"})
	mustOK(t, res, err)
	bot.answering(always(`{"type":7,"data":{"content":"x"}}`))
	res, err = s.Submit(context.Background(), Submit{Modal: "feedback", Fields: map[string]string{"name": "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	ix, raw := bot.last(t)
	if ix.Message != nil || strings.Contains(string(raw), `"message"`) {
		t.Errorf("a message was sent: %s", raw)
	}
	if res.OK() || !strings.Contains(strings.Join(res.Violations, " "), "Value must be one of (4, 5).") {
		t.Errorf("an update of no message: %q", res.Violations)
	}
}

// An update in answer to a modal a button opened edits the button's
// message.
func TestASubmissionUpdatesTheMessageOfTheButtonThatOpenedIt(t *testing.T) {
	s, _, poll := startFeedback(t, `{"type":7,"data":{"content":"Feedback received","components":[]}}`)
	res, err := s.Submit(context.Background(), Submit{Fields: map[string]string{"name": "Bob"}})
	mustOK(t, res, err)
	if m := messageByID(t, s, poll); m.Data.Content != "Feedback received" || len(m.Data.Components) != 0 || m.Edited.IsZero() {
		t.Fatalf("the poll: %+v", m)
	}
}

// The client does not send a modal that is not filled in as its inputs
// require: each of these is refused, the bot hears nothing, and the modal
// stays open.
func TestSubmissionsTheClientRefuses(t *testing.T) {
	s, bot, _ := startFeedback(t, `{"type":6}`)
	name := func(text string) Submit { return Submit{Fields: map[string]string{"name": text}} }
	big := interaction.Attachment{Filename: "big.bin", Size: 10<<20 + 1}
	small := interaction.Attachment{Filename: "a.txt", Size: 1}
	for _, tc := range []struct {
		name string
		sub  Submit
		kind error
	}{
		{"a required input left empty", name(""), ErrInvalidInput},
		{"a required input left as it started", Submit{}, ErrInvalidInput},
		{"a text under min_length", name("A"), ErrInvalidInput},
		{"a text over max_length", name("Adalovelace"), ErrInvalidInput},
		{"two lines in a short input", name("Ada\nLove"), ErrInvalidInput},
		{"a field the modal does not have", Submit{Fields: map[string]string{"name": "Ada", "age": "3"}}, ErrInvalidInput},
		{"values for a text input", Submit{Fields: map[string]string{"name": "Ada"}, Values: map[string][]string{"Note": {"x"}}}, ErrInvalidInput},
		{"a value the menu does not offer", Submit{Fields: map[string]string{"name": "Ada"}, Values: map[string][]string{"colour": {"Green"}}}, ErrInvalidInput},
		{"a required menu left empty", Submit{Fields: map[string]string{"name": "Ada"}, Values: map[string][]string{"colour": {}}}, ErrInvalidInput},
		{"a file over the upload limit", Submit{Fields: map[string]string{"name": "Ada"}, Files: map[string][]interaction.Attachment{"Proof": {big}}}, ErrInvalidInput},
		{"more files than the upload takes", Submit{Fields: map[string]string{"name": "Ada"}, Files: map[string][]interaction.Attachment{"Proof": {small, small, small}}}, ErrInvalidInput},
		{"two files of one id", Submit{Fields: map[string]string{"name": "Ada"}, Files: map[string][]interaction.Attachment{
			"Proof": {{ID: 77, Filename: "a.txt", Size: 1}, {ID: 77, Filename: "b.txt", Size: 1}}}}, ErrInvalidInput},
		{"a file of a negative size", Submit{Fields: map[string]string{"name": "Ada"}, Files: map[string][]interaction.Attachment{
			"Proof": {{Filename: "a.txt", Size: -1}}}}, ErrInvalidInput},
		{"another modal than the one open", Submit{Modal: "survey", Fields: map[string]string{"name": "Ada"}}, ErrUnknownTarget},
		{"a user before whom no modal is open", Submit{User: s.Admin, Fields: map[string]string{"name": "Ada"}}, ErrUnknownTarget},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := bot.received()
			_, err := s.Submit(context.Background(), tc.sub)
			var ie *InvocationError
			if !errors.As(err, &ie) || !errors.Is(err, tc.kind) {
				t.Fatalf("err = %v, want an *InvocationError of %v", err, tc.kind)
			}
			if bot.received() != before {
				t.Error("the bot received an interaction")
			}
			if _, ok := s.OpenModal(0); !ok {
				t.Error("a refused submission closed the modal")
			}
		})
	}
	t.Run("a submitted modal is no longer open", func(t *testing.T) {
		res, err := s.Submit(context.Background(), name("Ada"))
		mustOK(t, res, err)
		_, err = s.Submit(context.Background(), name("Ada"))
		if !errors.Is(err, ErrUnknownTarget) {
			t.Fatalf("a second submission: %v", err)
		}
	})
}

// A select menu of a modal that is not required may be left empty, and
// comes back with an empty list of values.
func TestAnOptionalMenuOfAModalMayBeLeftEmpty(t *testing.T) {
	s := newTestServer(t)
	bot := startHandBot(t, s, always(`{"type":9,"data":{"custom_id":"pick","title":"Pick","components":[`+
		`{"type":18,"label":"Colour","component":{"type":3,"custom_id":"colour","required":false,"max_values":2,`+
		`"options":[{"label":"Red","value":"r","default":true},{"label":"Blue","value":"b"}]}}]}}`))
	res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "poll"})
	mustOK(t, res, err)
	bot.answering(always(`{"type":5}`))
	res, err = s.Submit(context.Background(), Submit{Values: map[string][]string{"Colour": {}}})
	mustOK(t, res, err)
	ix, raw := bot.last(t)
	colour, _ := ix.Data.Submitted("colour")
	if colour.Values == nil || len(colour.Values) != 0 || !strings.Contains(string(raw), `"custom_id":"colour","values":[]`) {
		t.Fatalf("submitted %s", raw)
	}
}

// A user who dismisses a modal closes it: the bot hears nothing, and the
// modal can no longer be submitted. Only the modal open is closed.
func TestADismissedModalIsClosed(t *testing.T) {
	s, bot, _ := startFeedback(t, `{"type":6}`)
	heard := bot.received()
	changed := s.Changed()
	if s.CloseModal(s.Member, "another") {
		t.Fatal("a modal that is not open was closed")
	}
	if _, open := s.OpenModal(s.Member); !open {
		t.Fatal("closing another modal closed the one open")
	}
	if !s.CloseModal(s.Member, "feedback") {
		t.Fatal("the modal open was not closed")
	}
	select {
	case <-changed:
	default:
		t.Error("closing a modal is not a change")
	}
	if _, open := s.OpenModal(s.Member); open {
		t.Fatal("the modal is still open")
	}
	if s.CloseModal(s.Member, "") {
		t.Error("a modal was closed twice")
	}
	_, err := s.Submit(context.Background(), Submit{Fields: map[string]string{"name": "Bob"}})
	if !errors.Is(err, ErrUnknownTarget) {
		t.Errorf("submitting a dismissed modal: %v", err)
	}
	if bot.received() != heard {
		t.Errorf("the bot heard %d interactions more", bot.received()-heard)
	}
}
