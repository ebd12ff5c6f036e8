package emulator

import (
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/review"
)

// checkReferences adds to e, at prefix (the pointer of the message in the
// request's body), the attachment://name URLs of m that name none of
// atts, the attachments the message has once the request is done:
// the rule of package answer's check, in the service's words, the one the bots' own
// check follows where it knows the files.
func checkReferences(e *apiError, prefix string, m *interaction.MessageData, atts []Attachment) {
	if len(m.Embeds) == 0 && len(m.Components) == 0 {
		return
	}
	names := make([]string, len(atts))
	for i, a := range atts {
		names[i] = a.Filename
	}
	addViolations(e, prefix, review.References(m, names, review.AsService))
}

// sets returns the embeds and components an edit sets, the fields whose
// attachment://name URLs it sends: those it leaves were read when they
// were sent, and the service does not read them again.
func (edit *messageEdit) sets() *interaction.MessageData {
	var m interaction.MessageData
	if edit.Embeds != nil {
		m.Embeds = *edit.Embeds
	}
	if edit.Components != nil {
		m.Components = *edit.Components
	}
	return &m
}
