package review

import (
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Answer returns the violations of r as the answer to ix, worded as w
// says, and nil when there is none: what answer.Check reports. An answer
// type ix does not allow is the one violation, at "/type" and of code
// rules.BaseTypeChoices, and Answer returns its CallbackError too. A nil
// ix checks the body alone.
func Answer(ix *interaction.Interaction, r *interaction.Response, w Wording) (rules.Violations, *interaction.CallbackError) {
	var c checker
	c.init(w, "answer", "/data")
	cb := c.answer(ix, r)
	return c.finish(), cb
}

// Message returns the violations of m as a message of the kind sent
// through the token of ix, worded as w says, and nil when there is none:
// what answer.CheckMessage (a Followup) and answer.CheckEdit (an Edit)
// report.
func Message(ix *interaction.Interaction, m *interaction.MessageData, kind Kind, w Wording) rules.Violations {
	var c checker
	c.init(w, "message", "")
	c.message(ix, m, interaction.ResponseFlags, "a message", kind == Followup)
	if names, known := attachedNames(m, nil, kind == Followup); known {
		c.references(m, names)
	}
	return c.finish()
}

// answer checks r as the answer to ix, and returns the CallbackError of a
// type ix does not allow, after reporting it.
func (c *checker) answer(ix *interaction.Interaction, r *interaction.Response) *interaction.CallbackError {
	if ix != nil {
		if cb := c.callbackType(ix, r.Type); cb != nil {
			return cb
		}
	}
	switch r.Type {
	case interaction.CallbackChannelMessageWithSource:
		c.message(ix, &r.Message, interaction.ResponseFlags, "a message", true)
		names, _ := attachedNames(&r.Message, nil, true)
		c.references(&r.Message, names)
	case interaction.CallbackUpdateMessage:
		if ix != nil && ix.Message != nil && ix.Message.Flags&interaction.FlagIsVoiceMessage != 0 && c.room() {
			c.add(c.data, rules.VoiceMessageEdited, c.say(
				"updates a voice message, which cannot be edited", "Voice messages cannot be edited."))
		}
		c.message(ix, &r.Message, interaction.ResponseFlags, "an update", false)
		c.pollInUpdate(r.Message.Poll)
		if names, known := attachedNames(&r.Message, keptBy(ix), false); known {
			c.references(&r.Message, names)
		}
	case interaction.CallbackDeferredChannelMessageWithSource, interaction.CallbackDeferredUpdateMessage:
		// Only the flags of a deferral are sent, and the service keeps
		// only EPHEMERAL of them, ignoring the other flags an answer may
		// set rather than refusing them (discord/discord-api-docs#7386,
		// #7910): IS_COMPONENTS_V2 goes on the later edit that brings
		// the message.
		c.flags(r.Message.Flags, interaction.ResponseFlags, "a deferral")
	case interaction.CallbackAutocompleteResult:
		c.choices(ix, r.Choices)
	case interaction.CallbackModal:
		c.modal(r.Modal)
	}
	return nil
}

// keptBy returns the attachments of the message an UPDATE_MESSAGE to ix
// changes, which it keeps unless it says otherwise: those of the message
// of the interaction, or nil when there is none to know.
func keptBy(ix *interaction.Interaction) []interaction.Attachment {
	if ix == nil || ix.Message == nil {
		return nil
	}
	if ix.Message.Attachments == nil {
		return []interaction.Attachment{}
	}
	return ix.Message.Attachments
}
