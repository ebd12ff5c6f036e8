package answer_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/review"
	"github.com/switchboard-go/switchboard/rules"
)

// answerTexts returns n answers of one character each.
func answerTexts(n int) []string { return repeated(n, "a") }

// repeated returns n times s.
func repeated(n int, s string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func TestCheckHoldsAPollToTheServicesLimits(t *testing.T) {
	lunch := interaction.NewPoll("Lunch?", "Pizza", "Sushi")
	tests := []struct {
		name string
		r    interaction.Response
		want []want
	}{
		{"a reply may be a poll and nothing else", interaction.ReplyMessage(interaction.MessageData{}.WithPoll(lunch)), nil},
		{"a poll may have 10 answers, 55 characters each, a 300-character question and 32 days",
			interaction.Reply("x").WithPoll(interaction.NewPoll(chars(300), repeated(10, chars(55))...).Lasting(768).Multiselect()), nil},
		{"an answer may show a Unicode emoji",
			interaction.Reply("x").WithPoll(interaction.NewPoll("q").WithEmojiAnswer(interaction.PollEmoji{Name: "🍕"}, "Pizza")), nil},
		{"an answer may show a custom emoji by its id",
			interaction.Reply("x").WithPoll(interaction.NewPoll("q").WithEmojiAnswer(interaction.PollEmoji{ID: 41771983429993937}, "Blob")), nil},
		{"a question has at most 300 characters",
			interaction.Reply("x").WithPoll(interaction.NewPoll(chars(301), "a")),
			[]want{{"answer › poll › question › text", "/data/poll/question/text", rules.BaseTypeBadLength}}},
		{"a question has text",
			interaction.Reply("x").WithPoll(interaction.NewPoll("", "a")),
			[]want{{"answer › poll › question › text", "/data/poll/question/text", rules.BaseTypeBadLength}}},
		{"a poll has an answer",
			interaction.Reply("x").WithPoll(interaction.NewPoll("q")),
			[]want{{"answer › poll › answers", "/data/poll/answers", rules.BaseTypeBadLength}}},
		{"a poll has at most 10 answers, and those past them are not checked",
			interaction.Reply("x").WithPoll(interaction.NewPoll("q", answerTexts(10)...).WithAnswers(chars(56))),
			[]want{{"answer › poll › answer 11", "/data/poll/answers", rules.BaseTypeBadLength}}},
		{"an answer has at most 55 characters, not the 300 of the OpenAPI description",
			interaction.Reply("x").WithPoll(interaction.NewPoll("q", "a", chars(56))),
			[]want{{"answer › poll › answer 2 › poll_media › text", "/data/poll/answers/1/poll_media/text", rules.BaseTypeBadLength}}},
		{"an answer has text, even with an emoji",
			interaction.Reply("x").WithPoll(interaction.NewPoll("q").WithEmojiAnswer(interaction.PollEmoji{Name: "🍕"}, "")),
			[]want{{"answer › poll › answer 1 › poll_media › text", "/data/poll/answers/0/poll_media/text", rules.BaseTypeBadLength}}},
		{"an emoji names a custom or a Unicode emoji",
			interaction.Reply("x").WithPoll(interaction.NewPoll("q").WithEmojiAnswer(interaction.PollEmoji{Animated: true}, "a")),
			[]want{{"answer › poll › answer 1 › poll_media › emoji", "/data/poll/answers/0/poll_media/emoji", rules.BaseTypeRequired}}},
		{"an emoji's name has at most 32 characters",
			interaction.Reply("x").WithPoll(interaction.NewPoll("q").WithEmojiAnswer(interaction.PollEmoji{Name: chars(33)}, "a")),
			[]want{{"answer › poll › answer 1 › poll_media › emoji › name", "/data/poll/answers/0/poll_media/emoji/name", rules.BaseTypeMaxLength}}},
		{"a poll lasts at most 768 hours",
			interaction.Reply("x").WithPoll(lunch.Lasting(769)),
			[]want{{"answer › poll › duration", "/data/poll/duration", rules.NumberTypeMax}}},
		{"a poll lasts at least an hour",
			interaction.Reply("x").WithPoll(lunch.Lasting(-1)),
			[]want{{"answer › poll › duration", "/data/poll/duration", rules.NumberTypeMin}}},
		{"a poll has the one layout",
			interaction.Reply("x").WithPoll(interaction.PollRequest{Question: lunch.Question, Answers: lunch.Answers, LayoutType: 2}),
			[]want{{"answer › poll › layout_type", "/data/poll/layout_type", rules.BaseTypeChoices}}},
		{"a message laid out with components has no poll",
			interaction.ReplyMessage(interaction.MessageData{Flags: interaction.FlagIsComponentsV2,
				Components: interaction.Components{component.Text("Vote")}}.WithPoll(lunch)),
			[]want{{"answer › poll", "/data/poll", rules.MessageCannotUseLegacyFieldsWithComponentsV2}}},
		{"an update adds no poll",
			interaction.UpdateMessage(interaction.MessageData{}.WithPoll(lunch)),
			[]want{{"answer › poll", "/data/poll", rules.MessagePollNotAddable}}},
		{"an update's poll is checked too",
			interaction.UpdateMessage(interaction.MessageData{}.WithPoll(interaction.NewPoll("q"))),
			[]want{{"answer › poll › answers", "/data/poll/answers", rules.BaseTypeBadLength}, {"answer › poll", "/data/poll", rules.MessagePollNotAddable}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ix := command
			if tt.r.Type == interaction.CallbackUpdateMessage {
				ix = button
			}
			expect(t, reviewAnswer(ix, tt.r, review.ForBot), tt.want)
			if err := answer.Check(ix, tt.r); (err == nil) != (tt.want == nil) {
				t.Errorf("Check returned %v", err)
			}
		})
	}
}

func TestAPollComesWithAFollowupOrAnEdit(t *testing.T) {
	lunch := interaction.NewPoll("Lunch?", "Pizza", "Sushi")
	tests := []struct {
		name string
		m    interaction.MessageData
		kind review.Kind
		want []want
	}{
		{"a follow-up may be a poll and nothing else", interaction.MessageData{}.WithPoll(lunch), review.Followup, nil},
		{"an edit may carry a poll, which the service takes when it completes a deferred answer",
			interaction.MessageData{}.WithPoll(lunch), review.Edit, nil},
		{"an edit's poll keeps the limits", interaction.MessageData{}.WithPoll(lunch.Lasting(1000)), review.Edit,
			[]want{{"message › poll › duration", "/poll/duration", rules.NumberTypeMax}}},
		{"a follow-up laid out with components has no poll",
			interaction.MessageData{Flags: interaction.FlagIsComponentsV2, Components: interaction.Components{component.Text("Vote")}}.WithPoll(lunch),
			review.Followup, []want{{"message › poll", "/poll", rules.MessageCannotUseLegacyFieldsWithComponentsV2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, reviewMessage(nil, tt.m, tt.kind, review.ForBot), tt.want)
		})
	}
}

// The words of a poll's violations, as the bot reads them and as the
// service's error bodies have them.
func TestAPollsViolationsAreWordedForBothReaders(t *testing.T) {
	tests := []struct {
		r            interaction.Response
		bot, service string
	}{
		{interaction.Reply("x").WithPoll(interaction.NewPoll(chars(301), "a")),
			"answer › poll › question › text: 1 to 300 characters, has 301", "Must be between 1 and 300 in length."},
		{interaction.Reply("x").WithPoll(interaction.NewPoll("q", chars(56))),
			"answer › poll › answer 1 › poll_media › text: 1 to 55 characters, has 56", "Must be between 1 and 55 in length."},
		{interaction.Reply("x").WithPoll(interaction.NewPoll("q", answerTexts(11)...)),
			"answer › poll › answer 11: 1 to 10 answers, has 11", "Must be between 1 and 10 in length."},
		{interaction.Reply("x").WithPoll(interaction.NewPoll("q", "a").Lasting(769)),
			"answer › poll › duration: must be at most 768 hours (32 days), is 769", "Value must be less than or equal to 768."},
		{interaction.ReplyMessage(interaction.MessageData{Flags: interaction.FlagIsComponentsV2,
			Components: interaction.Components{component.Text("Vote")}}.WithPoll(interaction.NewPoll("q", "a"))),
			"answer › poll: a message with IS_COMPONENTS_V2 cannot have a poll",
			"The 'poll' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"},
	}
	for _, tt := range tests {
		if err := answer.Check(command, tt.r); err == nil || err.Error() != tt.bot {
			t.Errorf("Check returned %v, want %q", err, tt.bot)
		}
		if vs := reviewAnswer(command, tt.r, review.AsService); len(vs) != 1 || vs[0].Message != tt.service {
			t.Errorf("review.Answer as the service: %v, want %q", vs, tt.service)
		}
	}
}
