package emulator

import (
	"encoding/json"

	"github.com/switchboard-go/switchboard/interaction"
)

// answerBody is an answer as a request carries it: the response and, for
// an UPDATE_MESSAGE, which fields of the message it names, since an update
// leaves the others as they are.
type answerBody struct {
	interaction.Response
	edit messageEdit
	// update is the message an UPDATE_MESSAGE leaves; checkAnswer sets
	// it.
	update interaction.MessageData
}

// UnmarshalJSON decodes the response, and the fields an update names.
func (a *answerBody) UnmarshalJSON(b []byte) error {
	*a = answerBody{}
	if err := a.Response.UnmarshalJSON(b); err != nil {
		return err
	}
	if a.Type != interaction.CallbackUpdateMessage {
		return nil
	}
	var w struct {
		Data messageEdit `json:"data"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	a.edit = w.Data
	return nil
}

// messageEdit is the body of an edit: the fields present replace the
// message's, the others stay.
type messageEdit struct {
	Content         *string                      `json:"content"`
	Embeds          *[]interaction.Embed         `json:"embeds"`
	Components      *interaction.Components      `json:"components"`
	Flags           *interaction.MessageFlags    `json:"flags"`
	AllowedMentions *interaction.AllowedMentions `json:"allowed_mentions"`
	Attachments     *[]attachmentRef             `json:"attachments"`
	Poll            *interaction.PollRequest     `json:"poll"`
}

// editedData returns what m says after edit, adding the problems of the
// edit to e at prefix, the pointer of the message in the request's body.
// A message's ephemeral state is set when it is sent, and a message laid
// out with components (IS_COMPONENTS_V2) keeps that flag: the service
// refuses an edit that takes it away. Completing a deferral's loading
// message clears its loading flag.
func editedData(e *apiError, prefix string, m *Message, edit *messageEdit) interaction.MessageData {
	data := cloneMessageData(m.Data)
	if edit.Content != nil {
		data.Content = *edit.Content
	}
	if edit.Embeds != nil {
		data.Embeds = *edit.Embeds
	}
	if edit.Components != nil {
		data.Components = *edit.Components
	}
	if edit.AllowedMentions != nil {
		data.AllowedMentions = edit.AllowedMentions
	}
	if edit.Poll != nil {
		// Only the edit that completes a deferral takes one
		// (checkPollEdit).
		data.Poll = edit.Poll
	}
	if edit.Flags != nil {
		checkFlags(e, prefix+"/flags", *edit.Flags, interaction.ResponseFlags)
		if m.Data.Flags&interaction.FlagIsComponentsV2 != 0 && *edit.Flags&interaction.FlagIsComponentsV2 == 0 {
			e.add(prefix+"/flags", codeComponentsV2Removed, "The IS_COMPONENTS_V2 flag cannot be removed from a message that has it.")
		}
		data.Flags = *edit.Flags&^interaction.FlagEphemeral | m.Data.Flags&interaction.FlagEphemeral
	}
	data.Flags &^= interaction.FlagLoading
	checkMessage(e, prefix, &data, interaction.ResponseFlags)
	return data
}

// codeComponentsV2Removed is the code, the emulator's own, of an edit that
// takes IS_COMPONENTS_V2 from a message: the service's facts say the flag
// cannot be removed, and its answer to the attempt is not public.
const codeComponentsV2Removed = "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG"
