package answer

import (
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/review"
	"github.com/switchboard-go/switchboard/rules"
)

// Check reports whether the service would take r as the answer to ix: nil
// when it would, and otherwise every rule r breaks, as rules.Violations.
//
// A violation's place runs from "answer" down to the field, levels
// separated by " › ", an element of a list named by what the list holds
// and its position counting from 1, as in "answer › embed 1 › title"; a
// list longer than the service takes is named by its first element too
// many, as in "answer › embed 1 › field 26" for the 26th field of an
// embed. The violations of components add the place package component
// gives them, as in `answer › row 2 › button "Approve"`, and those of a
// modal's fields and components say "answer › modal". Its pointer is into
// the body that would be sent, where the service's error body reports
// it: "/data/embeds/0/fields", the list as a whole for a list that is too
// long. Files are parts of their own beside the JSON, named files[n]:
// their pointer is "/files" or "/files/n".
//
// An answer type ix does not allow (interaction.Interaction.CheckCallback)
// is the one violation reported, at "answer › type", since what the body
// must hold depends on its type; the error then matches
// interaction.ErrCallbackNotAllowed and *interaction.CallbackError too
// (errors.Is, errors.As). The rules of the body are those of its type:
//
//   - CHANNEL_MESSAGE_WITH_SOURCE: the rules of a message, which must show
//     something (content, an embed, a component, a file or a poll)
//   - UPDATE_MESSAGE: the rules of a message; it changes the fields it
//     sets of the message it is on, so it may leave out everything, and
//     it adds no poll to it
//   - a deferral: only the flag EPHEMERAL
//   - APPLICATION_COMMAND_AUTOCOMPLETE_RESULT: at most 25 suggestions,
//     each with a name of 1 to 100 characters and a value of the type of
//     the option being typed (a string of at most 100 characters)
//   - MODAL: a custom_id of 1 to 100 characters, a title of 1 to 45 and 1
//     to 5 components, each as package component validates them
//
// The rules of a message are those of the service's limits: content of at
// most 2000 characters; at most 10 embeds, each with at most 25 fields,
// whose texts are within their own limits and have at most 6000
// characters in all, links the service takes (see below) and a color of
// 0 to 0xFFFFFF; only the flags interaction.ResponseFlags; no content
// or embeds with IS_COMPONENTS_V2; components as component.ValidateMessage
// validates them; at most interaction.MaxFiles files, each, when its size
// is known (interaction.File.Size), within ix.AttachmentLimit(); a poll
// with a question of 1 to 300 characters, 1 to 10 answers of 1 to 55
// characters, each emoji naming a custom or a Unicode emoji, a duration
// of 1 to 768 hours and the one layout, and no poll with
// IS_COMPONENTS_V2; in the attachments list, titles and descriptions of
// at most 1024 characters and waveforms of at most 400 characters of
// base64. A voice message (interaction.FlagIsVoiceMessage, see
// interaction.VoiceMessage) has no content, embeds, components or poll,
// and one file, audio (a ContentType "audio/…"), with its Duration and
// Waveform; an UPDATE_MESSAGE of one is refused, as the service refuses
// every edit of a voice message.
//
// The links of an embed follow the service's rule of URLs, which package
// component follows for the links and media of components: its url and
// its author's url are http or https, its image, thumbnail and icons http,
// https or attachment://name; each of at most 2048 characters, and a web
// address well formed (a host with a dot, labels of at most 63
// characters, no spaces). An attachment://name URL, in an embed or in the
// media of a component, names a file of the message: one of its files for
// a new message, and for an UPDATE_MESSAGE one of those of ix.Message it
// keeps or one of its files.
//
// A nil ix checks the body alone: its type is not matched to an
// interaction, nor suggestions to an option, and files are held to
// interaction.DefaultAttachmentSizeLimit.
func Check(ix *interaction.Interaction, r interaction.Response) error {
	vs, cb := review.Answer(ix, &r, review.ForBot)
	if cb != nil {
		return &typeError{vs: vs, cb: cb}
	}
	return vs.Err()
}

// CheckMessage reports whether the service would take m as a new message
// sent through the token of ix: a follow-up, or the message that completes
// a deferral. It returns nil or rules.Violations, with the rules of a
// message Check states, placed under "message" (as "message › embed 1 ›
// title") and pointing into the body of the request (as
// "/embeds/0/title"). A nil ix holds files to
// interaction.DefaultAttachmentSizeLimit.
func CheckMessage(ix *interaction.Interaction, m interaction.MessageData) error {
	return review.Message(ix, &m, review.Followup, review.ForBot).Err()
}

// CheckEdit reports whether the service would take m as an edit, through
// the token of ix, of the first answer or of a follow-up: CheckMessage's
// rules but that of an empty message, since an edit changes only the
// fields it sets. Whether the edit may carry a poll depends on the
// message too, and is the service's to check: only the edit that
// completes a deferred answer adds one, and a message that has a poll
// takes no edit at all (the service's error 520003). So is whether an
// attachment://name URL names an attachment the message keeps, unless
// the edit's attachments list names by name every attachment it keeps.
func CheckEdit(ix *interaction.Interaction, m interaction.MessageData) error {
	return review.Message(ix, &m, review.Edit, review.ForBot).Err()
}

// typeError is the error of an answer whose type the interaction does not
// allow: its one violation, and the interaction's CallbackError, which
// errors.Is and errors.As find.
type typeError struct {
	vs rules.Violations
	cb *interaction.CallbackError
}

func (e *typeError) Error() string   { return e.vs.Error() }
func (e *typeError) Unwrap() []error { return []error{e.vs, e.cb} }
