package emulator

import (
	"net/http"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/review"
	"github.com/switchboard-go/switchboard/rules"
)

// Voice messages, as the service's public documentation describes them:
// a message flagged IS_VOICE_MESSAGE has "only a single audio attachment"
// and "no content, stickers, etc.", its attachment carries duration_secs
// and waveform (kept on the attachment as sent), and it "cannot be
// edited". The rules are package review's; the service answers each with
// an error of its own rather than with a 50035.

// The service's codes of a voice message it refuses.
const (
	codeVoiceAdditionalContent = 50159
	codeVoiceSingleAudio       = 50160
	codeVoiceMetadata          = 50161
	codeVoiceEdited            = 50162
)

// voiceCodes maps the rules' codes of a voice message to the service's.
var voiceCodes = map[string]int{
	rules.VoiceMessageAdditionalContent:     codeVoiceAdditionalContent,
	rules.VoiceMessageSingleAudioAttachment: codeVoiceSingleAudio,
	rules.VoiceMessageMetadata:              codeVoiceMetadata,
}

// isVoiceRule reports whether v is a rule of a voice message, which
// checkVoice checks with the message's attachments.
func isVoiceRule(v rules.Violation) bool {
	_, ok := voiceCodes[v.Code]
	return ok
}

// checkVoice answers a message m flagged IS_VOICE_MESSAGE, whose
// attachments are atts, with the service's error of the first rule of a
// voice message it breaks; it returns nil for a message that keeps them,
// or that is no voice message.
func checkVoice(m *interaction.MessageData, atts []Attachment) *apiError {
	if m.Flags&interaction.FlagIsVoiceMessage == 0 {
		return nil
	}
	recs := make([]review.Recording, len(atts))
	for i, a := range atts {
		recs[i] = review.Recording{ContentType: a.ContentType, DurationSecs: a.DurationSecs, Waveform: a.Waveform}
	}
	vs := review.VoiceMessage(m, recs, review.AsService)
	if len(vs) == 0 {
		return nil
	}
	return errBadRequest(voiceCodes[vs[0].Code], vs[0].Message)
}

// errVoiceEdited refuses an edit of a voice message.
func errVoiceEdited() *apiError {
	return &apiError{status: http.StatusBadRequest, code: codeVoiceEdited, message: "Voice messages cannot be edited."}
}
