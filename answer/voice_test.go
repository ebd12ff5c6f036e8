package answer_test

import (
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/review"
	"github.com/switchboard-go/switchboard/rules"
)

// recording returns the file of a voice message: two seconds of audio
// and their waveform.
func recording() interaction.File {
	return interaction.File{Name: "hello.ogg", ContentType: "audio/ogg", Duration: 2 * time.Second,
		Waveform: []byte{0, 64, 128, 255}, Content: strings.NewReader("OggS")}
}

// voice returns a voice message answer, changed by change.
func voice(change func(m *interaction.MessageData)) interaction.Response {
	m := interaction.VoiceMessage(recording())
	change(&m)
	return interaction.ReplyMessage(m)
}

// TestVoiceMessagesFollowTheServicesRules checks what the service takes
// and refuses of a voice message: its recording alone, one audio file
// with its duration and waveform, and no edit.
func TestVoiceMessagesFollowTheServicesRules(t *testing.T) {
	onVoice := interactiontest.Button("b").Modify(func(ix *interaction.Interaction) {
		ix.Message.Flags |= interaction.FlagIsVoiceMessage
	}).Interaction()
	tests := []struct {
		name string
		ix   *interaction.Interaction
		r    interaction.Response
		want []want
	}{
		{"a voice message is its recording", command, voice(func(*interaction.MessageData) {}), nil},
		{"it may be ephemeral", command, voice(func(m *interaction.MessageData) { m.Flags |= interaction.FlagEphemeral }), nil},
		{"it has no content", command, voice(func(m *interaction.MessageData) { m.Content = "hello" }),
			[]want{{"answer › content", "/data/content", rules.VoiceMessageAdditionalContent}}},
		{"nor embeds or a poll", command, voice(func(m *interaction.MessageData) {
			m.Embeds = []interaction.Embed{{Title: "t"}}
			p := interaction.NewPoll("Which?", "a", "b")
			m.Poll = &p
		}), []want{
			{"answer › embeds", "/data/embeds", rules.VoiceMessageAdditionalContent},
			{"answer › poll", "/data/poll", rules.VoiceMessageAdditionalContent},
		}},
		{"it has one file", command, voice(func(m *interaction.MessageData) { m.Files = append(m.Files, recording()) }),
			[]want{{"answer › attachments", "/data/attachments", rules.VoiceMessageSingleAudioAttachment}}},
		{"not none", command, voice(func(m *interaction.MessageData) { m.Files = nil }),
			[]want{
				{"answer › attachments", "/data/attachments", rules.VoiceMessageSingleAudioAttachment},
				{"answer", "/data", rules.MessageEmpty},
			}},
		{"its file is audio", command, voice(func(m *interaction.MessageData) { m.Files[0].ContentType = "video/ogg" }),
			[]want{{"answer › attachment 1", "/data/attachments/0", rules.VoiceMessageSingleAudioAttachment}}},
		{"a file without a media type is not audio", command, voice(func(m *interaction.MessageData) { m.Files[0].ContentType = "" }),
			[]want{{"answer › attachment 1", "/data/attachments/0", rules.VoiceMessageSingleAudioAttachment}}},
		{"its file has a duration", command, voice(func(m *interaction.MessageData) { m.Files[0].Duration = 0 }),
			[]want{{"answer › attachment 1", "/data/attachments/0", rules.VoiceMessageMetadata}}},
		{"and a waveform", command, voice(func(m *interaction.MessageData) { m.Files[0].Waveform = nil }),
			[]want{{"answer › attachment 1", "/data/attachments/0", rules.VoiceMessageMetadata}}},
		{"a waveform has at most 300 samples", command, voice(func(m *interaction.MessageData) { m.Files[0].Waveform = make([]byte, 301) }),
			[]want{{"answer › attachment 1 › waveform", "/data/attachments/0/waveform", rules.BaseTypeMaxLength}}},
		{"a voice message is not updated", onVoice, interaction.UpdateMessage(interaction.MessageData{Attachments: []interaction.AttachmentRef{}}),
			[]want{{"answer", "/data", rules.VoiceMessageEdited}}},
		{"another message is", button, interaction.UpdateMessage(interaction.MessageData{Attachments: []interaction.AttachmentRef{}}), nil},
		{"a title has at most 1024 characters", command, voice(func(m *interaction.MessageData) { m.Files[0].Title = chars(1025) }),
			[]want{{"answer › attachment 1 › title", "/data/attachments/0/title", rules.BaseTypeMaxLength}}},
		{"so has a description, of a file or of an attachment kept", button, interaction.UpdateMessage(interaction.MessageData{
			Attachments: []interaction.AttachmentRef{{ID: 70, Description: new(chars(1025))}},
		}), []want{{"answer › attachment 1 › description", "/data/attachments/0/description", rules.BaseTypeMaxLength}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, reviewAnswer(tt.ix, tt.r, review.ForBot), tt.want)
			if err := answer.Check(tt.ix, tt.r); (err == nil) != (tt.want == nil) {
				t.Errorf("Check returned %v", err)
			}
		})
	}
}
