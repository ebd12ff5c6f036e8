package review

import (
	"encoding/base64"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Limits of an element of a message's attachments list (the service's
// OpenAPI description of MessageAttachmentRequest).
const (
	maxAttachmentText = 1024 // a title, a description
	maxWaveform       = 400  // characters of base64
)

// Recording is what the rules of a voice message read of one of its
// attachments: its media type, and the duration and waveform its element
// of the attachments list gives it (the waveform in base64).
type Recording struct {
	ContentType  string
	DurationSecs float64
	Waveform     string
}

// VoiceMessage returns the violations of m, flagged IS_VOICE_MESSAGE, whose
// attachments are recs, worded as w says: the rules the service holds a
// voice message to, in the order it applies them. The emulator answers
// the first with the service's error of its code.
func VoiceMessage(m *interaction.MessageData, recs []Recording, w Wording) rules.Violations {
	var c checker
	c.init(w, "message", "")
	c.voice(m, recs)
	return c.finish()
}

// voice checks a message flagged IS_VOICE_MESSAGE: nothing but one audio
// attachment, which carries its duration and its waveform.
func (c *checker) voice(m *interaction.MessageData, recs []Recording) {
	for _, extra := range []struct {
		field string
		set   bool
	}{
		{"content", m.Content != ""},
		{"embeds", len(m.Embeds) > 0},
		{"components", len(m.Components) > 0},
		{"poll", m.Poll != nil},
	} {
		if extra.set && c.room() {
			c.add(c.data+"/"+extra.field, rules.VoiceMessageAdditionalContent, c.say(
				"a voice message has its recording alone, and no "+strings.TrimSuffix(extra.field, "s"),
				"Voice messages do not support additional content."))
		}
	}
	if len(recs) != 1 {
		if c.room() {
			c.add(c.data+"/attachments", rules.VoiceMessageSingleAudioAttachment, c.say(
				"a voice message has one attachment, its recording; has "+strconv.Itoa(len(recs)),
				"Voice messages must have a single audio attachment."))
		}
		return
	}
	r := recs[0]
	if !strings.HasPrefix(r.ContentType, "audio/") {
		if c.room() {
			c.add(c.data+"/attachments/0", rules.VoiceMessageSingleAudioAttachment, c.say(
				"a voice message's recording is audio (a media type audio/…), is "+strconv.Quote(r.ContentType),
				"Voice messages must have a single audio attachment."))
		}
		return
	}
	if (r.DurationSecs <= 0 || r.Waveform == "") && c.room() {
		c.add(c.data+"/attachments/0", rules.VoiceMessageMetadata, c.say(
			"a voice message's recording needs its duration and its waveform",
			"Voice messages must have supporting metadata."))
	}
}

// attachmentFields checks the texts of the elements of a message's
// attachments list, those m names and those its files make, which
// follow them.
func (c *checker) attachmentFields(m *interaction.MessageData) {
	for i := range m.Attachments {
		a := &m.Attachments[i]
		var description string
		if a.Description != nil {
			description = *a.Description
		}
		c.attachmentElement(i, a.Title, description, len(a.Waveform))
	}
	for i := range m.Files {
		f := &m.Files[i]
		c.attachmentElement(len(m.Attachments)+i, f.Title, f.Description, base64.StdEncoding.EncodedLen(len(f.Waveform)))
	}
}

// attachmentElement checks the element i of the attachments list, with a
// title, a description and a waveform of n characters of base64. Its
// pointer is made only for a violation, so that a long list of valid
// elements costs no text.
func (c *checker) attachmentElement(i int, title, description string, n int) {
	at := func(field string) string { return c.data + "/attachments/" + strconv.Itoa(i) + "/" + field }
	for _, text := range [...]struct{ field, value string }{{"title", title}, {"description", description}} {
		if len(text.value) <= maxAttachmentText {
			continue
		}
		if n := utf8.RuneCountInString(text.value); n > maxAttachmentText && c.room() {
			c.add(at(text.field), rules.BaseTypeMaxLength, c.tooMany(n, maxAttachmentText, "characters"))
		}
	}
	if n > maxWaveform && c.room() {
		c.add(at("waveform"), rules.BaseTypeMaxLength, c.say(
			"a waveform of at most "+strconv.Itoa(maxWaveform/4*3)+" samples ("+strconv.Itoa(maxWaveform)+" characters of base64), has "+strconv.Itoa(n)+" characters",
			"Must be "+strconv.Itoa(maxWaveform)+" or fewer in length."))
	}
}

// recordings returns what the rules of a voice message read of the
// attachments of m when it is sent: the attachments its list keeps, by
// their ids, then its files.
func recordings(m *interaction.MessageData) []Recording {
	recs := make([]Recording, 0, len(m.Files)+len(m.Attachments))
	for _, a := range m.Attachments {
		if uint64(a.ID) >= uint64(len(m.Files)) {
			recs = append(recs, Recording{DurationSecs: a.DurationSecs, Waveform: a.Waveform})
		}
	}
	for i := range m.Files {
		f := &m.Files[i]
		r := Recording{ContentType: f.ContentType, DurationSecs: f.Duration.Seconds()}
		if r.ContentType == "" {
			// What the sender sends for a file without a type.
			r.ContentType = "application/octet-stream"
		}
		if len(f.Waveform) > 0 {
			r.Waveform = base64.StdEncoding.EncodeToString(f.Waveform)
		}
		recs = append(recs, r)
	}
	return recs
}
