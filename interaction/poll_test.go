package interaction_test

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestAPollIsWrittenAsTheServiceReadsIt(t *testing.T) {
	tests := []struct {
		name string
		r    interaction.Response
		want string
	}{
		{
			name: "a poll with the defaults leaves them out",
			r:    interaction.Reply("Vote!").WithPoll(interaction.NewPoll("Lunch?", "Pizza", "Sushi")),
			want: `{"type":4,"data":{"content":"Vote!","poll":{"question":{"text":"Lunch?"},"answers":[{"poll_media":{"text":"Pizza"}},{"poll_media":{"text":"Sushi"}}]}}}`,
		},
		{
			name: "a poll with emoji, a duration and several choices",
			r: interaction.ReplyMessage(interaction.MessageData{}.WithPoll(interaction.NewPoll("Lunch?").
				WithEmojiAnswer(interaction.PollEmoji{Name: "🍕"}, "Pizza").
				WithEmojiAnswer(interaction.PollEmoji{ID: 41771983429993937}, "Sushi").
				Lasting(48).Multiselect())),
			want: `{"type":4,"data":{"poll":{"question":{"text":"Lunch?"},"answers":[{"poll_media":{"text":"Pizza","emoji":{"name":"🍕"}}},` +
				`{"poll_media":{"text":"Sushi","emoji":{"id":"41771983429993937"}}}],"duration":48,"allow_multiselect":true}}}`,
		},
		{
			name: "the poll follows the components and precedes the attachments",
			r: interaction.ReplyMessage(interaction.MessageData{Content: "x", Components: interaction.Components{}}.
				WithPoll(interaction.NewPoll("q", "a")).WithFile("a.txt", "text/plain", nil)),
			want: `{"type":4,"data":{"content":"x","components":[],"poll":{"question":{"text":"q"},"answers":[{"poll_media":{"text":"a"}}]},"attachments":[{"id":"0","filename":"a.txt"}]}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.r.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			var back interaction.Response
			if err := back.UnmarshalJSON(got); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back.Message.Poll, tt.r.Message.Poll) {
				t.Errorf("read back %+v, want %+v", back.Message.Poll, tt.r.Message.Poll)
			}
		})
	}
}

func TestPollsBuiltFromOneAnotherShareNothing(t *testing.T) {
	base := interaction.NewPoll("Lunch?", "Pizza")
	a := base.WithAnswers("Sushi")
	b := base.WithEmojiAnswer(interaction.PollEmoji{Name: "🥗"}, "Salad")
	if len(base.Answers) != 1 || a.Answers[1].Media.Text != "Sushi" || b.Answers[1].Media.Text != "Salad" {
		t.Fatalf("base %+v, a %+v, b %+v", base.Answers, a.Answers, b.Answers)
	}
	m := interaction.MessageData{}.WithPoll(b)
	b.Answers[1].Media.Emoji.Name = "🍕"
	b.Answers[0].Media.Text = "Pasta"
	if got := m.Poll.Answers[1].Media.Emoji.Name; got != "🥗" || m.Poll.Answers[0].Media.Text != "Pizza" {
		t.Errorf("the message's poll changed with the poll it was given: %+v", m.Poll.Answers)
	}
	if c := m.Poll.Clone(); c == m.Poll || &c.Answers[0] == &m.Poll.Answers[0] || c.Answers[1].Media.Emoji == m.Poll.Answers[1].Media.Emoji {
		t.Error("Clone shares the poll's parts")
	}
}

func TestAPollIsOpenForItsHoursOrTheDefault(t *testing.T) {
	for _, tt := range []struct {
		p    interaction.PollRequest
		want int
	}{
		{interaction.NewPoll("q", "a"), interaction.DefaultPollDuration},
		{interaction.NewPoll("q", "a").Lasting(1), 1},
		{interaction.NewPoll("q", "a").Lasting(interaction.MaxPollDuration), 768},
	} {
		if got := tt.p.Hours(); got != tt.want {
			t.Errorf("Hours() of %d = %d, want %d", tt.p.Duration, got, tt.want)
		}
	}
}

// sentMessage is a message as the service returns it for a follow-up of
// the submission of a modal a button opened: its poll, and the metadata of
// the interaction that made it and of the one that opened the modal.
const sentMessage = `{"id":"1311209000000000200","channel_id":"1191201000000000010","type":0,"content":"","tts":false,
	"author":{"id":"1191201000000000001","username":"bot","bot":true},"timestamp":"2026-07-20T10:00:00.000000+00:00",
	"edited_timestamp":null,"mention_everyone":false,"mentions":[],"mention_roles":[],"embeds":[],"components":[],"pinned":false,
	"attachments":[{"id":"1311209000000000201","filename":"ending.png","size":3,"url":"https://cdn.invalid/e","proxy_url":"https://media.invalid/e","flags":8}],
	"flags":0,"webhook_id":"1191201000000000001","application_id":"1191201000000000001",
	"interaction_metadata":{"id":"1311209000000000150","type":5,"user":{"id":"1191201000000000002","username":"ada"},
		"authorizing_integration_owners":{"0":"1191201000000000003"},"original_response_message_id":"1311209000000000199",
		"triggering_interaction_metadata":{"id":"1311209000000000140","type":3,"user":{"id":"1191201000000000002","username":"ada"},
			"authorizing_integration_owners":{"0":"1191201000000000003"},"interacted_message_id":"1311209000000000100"}},
	"poll":{"question":{"text":"Lunch?"},"answers":[
		{"answer_id":1,"poll_media":{"text":"Pizza","emoji":{"id":null,"name":"🍕"}}},
		{"answer_id":2,"poll_media":{"text":"Sushi","emoji":{"id":"41771983429993937","name":"sushi","animated":false}}}],
		"expiry":"2026-07-21T10:00:00.000000+00:00","allow_multiselect":false,"layout_type":1,
		"results":{"answer_counts":[{"id":2,"count":3,"me_voted":false}],"is_finalized":false}}}`

func TestAMessageReadsItsPollAndTheInteractionThatMadeIt(t *testing.T) {
	var owners interaction.IntegrationOwners
	owners.Set(interaction.GuildInstall, 1191201000000000003)
	ada := interaction.User{ID: 1191201000000000002, Username: "ada"}
	wantMeta := &interaction.MessageInteractionMetadata{
		ID: 1311209000000000150, Type: interaction.TypeModalSubmit, User: ada, AuthorizingIntegrationOwners: owners,
		OriginalResponseMessageID: 1311209000000000199,
		TriggeringInteractionMetadata: &interaction.MessageInteractionMetadata{
			ID: 1311209000000000140, Type: interaction.TypeMessageComponent, User: ada, AuthorizingIntegrationOwners: owners,
			InteractedMessageID: 1311209000000000100,
		},
	}
	wantPoll := &interaction.Poll{
		Question: interaction.PollMedia{Text: "Lunch?"},
		Answers: []interaction.PollAnswer{
			{AnswerID: 1, Media: interaction.PollMedia{Text: "Pizza", Emoji: &interaction.PollEmoji{Name: "🍕"}}},
			{AnswerID: 2, Media: interaction.PollMedia{Text: "Sushi", Emoji: &interaction.PollEmoji{ID: 41771983429993937, Name: "sushi"}}},
		},
		Expiry:     time.Date(2026, 7, 21, 10, 0, 0, 0, time.UTC),
		LayoutType: interaction.PollLayoutDefault,
		Results:    &interaction.PollResults{AnswerCounts: []interaction.PollAnswerCount{{ID: 2, Count: 3}}},
	}
	// A bot reads a message with goccy/go-json, as an interaction, and
	// with encoding/json, as package rest does.
	decoders := map[string]func([]byte, any) error{
		"go-json":       func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) },
		"encoding/json": json.Unmarshal,
	}
	for name, decode := range decoders {
		t.Run(name, func(t *testing.T) {
			var m interaction.Message
			if err := decode([]byte(sentMessage), &m); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(m.InteractionMetadata, wantMeta) {
				t.Errorf("interaction metadata\n got %+v\nwant %+v", m.InteractionMetadata, wantMeta)
			}
			if !m.InteractionMetadata.IsFollowup() || m.InteractionMetadata.TriggeringInteractionMetadata.IsFollowup() {
				t.Error("IsFollowup does not tell the follow-up from the answer")
			}
			if m.Poll == nil || !m.Poll.Expiry.Equal(wantPoll.Expiry) {
				t.Fatalf("poll %+v", m.Poll)
			}
			m.Poll.Expiry = wantPoll.Expiry
			if !reflect.DeepEqual(m.Poll, wantPoll) {
				t.Errorf("poll\n got %+v\nwant %+v", m.Poll, wantPoll)
			}
			if a, ok := m.Poll.Answer(2); !ok || a.Media.Text != "Sushi" || m.Poll.Results.Votes(2) != 3 || m.Poll.Results.Votes(1) != 0 {
				t.Errorf("answer 2: %+v %v; votes %d and %d", a, ok, m.Poll.Results.Votes(2), m.Poll.Results.Votes(1))
			}
			if _, ok := m.Poll.Answer(3); ok {
				t.Error("answer 3 found in a poll of two")
			}
			if len(m.Attachments) != 1 || !m.Attachments[0].IsSpoiler() {
				t.Errorf("the attachment flagged IS_SPOILER is not a spoiler: %+v", m.Attachments)
			}
		})
	}
}

func TestAnAttachmentIsASpoilerByItsFlagOrItsName(t *testing.T) {
	for _, tt := range []struct {
		a    interaction.Attachment
		want bool
	}{
		{interaction.Attachment{Filename: "a.png"}, false},
		{interaction.Attachment{Filename: "a.png", Flags: interaction.AttachmentIsSpoiler}, true},
		{interaction.Attachment{Filename: "SPOILER_a.png"}, true},
		{interaction.Attachment{Filename: "spoiler_a.png"}, false},
		{interaction.Attachment{Filename: "a.png", Flags: interaction.AttachmentIsAnimated}, false},
	} {
		if got := tt.a.IsSpoiler(); got != tt.want {
			t.Errorf("%q with flags %d: IsSpoiler() = %v, want %v", tt.a.Filename, tt.a.Flags, got, tt.want)
		}
	}
}

func TestAnInteractionInAGuildCarriesThePartialGuild(t *testing.T) {
	tests := []struct {
		name      string
		guild     string
		want      *interaction.PartialGuild
		community bool
	}{
		{"a Community guild with its locale", `,"guild":{"id":"1191201000000000003","locale":"fr","features":["COMMUNITY","NEWS"]}`,
			&interaction.PartialGuild{ID: 1191201000000000003, Locale: interaction.LocaleFrench, Features: []string{"COMMUNITY", "NEWS"}}, true},
		{"a guild without features", `,"guild":{"id":"1191201000000000003","locale":"en-US","features":[]}`,
			&interaction.PartialGuild{ID: 1191201000000000003, Locale: interaction.LocaleEnglishUS, Features: []string{}}, false},
		{"a direct message has none", ``, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := `{"id":"1","application_id":"2","type":2,"token":"t","version":1,"data":{"name":"ping"}` + tt.guild + `}`
			var ix interaction.Interaction
			if err := interaction.Decode([]byte(body), &ix); err != nil {
				t.Fatal(err)
			}
			g, ok := ix.Guild.Get()
			if tt.want == nil && ok || tt.want != nil && (!ok || !reflect.DeepEqual(&g, tt.want)) {
				t.Errorf("guild %+v (%v), want %+v", g, ok, tt.want)
			}
			if got := g.HasFeature("COMMUNITY"); got != tt.community {
				t.Errorf("HasFeature(COMMUNITY) = %v", got)
			}
		})
	}
}
