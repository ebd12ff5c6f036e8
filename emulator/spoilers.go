package emulator

import (
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
)

// Spoilers, as the service's public documentation describes them since
// June 2026: an element of a message's attachments list with
// "is_spoiler": true marks its file a spoiler, which "sets the IS_SPOILER
// attachment flag" (1 << 3); "the legacy SPOILER_ filename prefix will
// continue to mark attachments as a spoiler", and the emulator sets the
// flag for it too, keeping the name. An edit may change the description
// and is_spoiler of an attachment it keeps; an element that leaves one out
// leaves it as it is.

// attachmentRef is an element of a request's attachments list: a file of
// the request, by the index n of its files[n] part, or an attachment of
// the message, by its id. Description and IsSpoiler are nil when the
// element leaves them out.
type attachmentRef = interaction.AttachmentRef

// refsOf returns the elements of the attachments list of a new message.
func refsOf(list []interaction.AttachmentRef) []attachmentRef { return list }

// spoilerFlags returns the flags of an attachment named filename, which
// has flags, with its spoiler mark after an element of an attachments
// list whose is_spoiler is isSpoiler (nil when it has none): a name with
// the prefix is a spoiler whatever the element says.
func spoilerFlags(flags uint64, filename string, isSpoiler *bool) uint64 {
	spoiler := flags&interaction.AttachmentIsSpoiler != 0
	if isSpoiler != nil {
		spoiler = *isSpoiler
	}
	if spoiler || strings.HasPrefix(filename, interaction.SpoilerPrefix) {
		return flags | interaction.AttachmentIsSpoiler
	}
	return flags &^ interaction.AttachmentIsSpoiler
}
