package answer_test

import (
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/review"
	"github.com/switchboard-go/switchboard/rules"
)

// reviewAnswer returns the violations of r as the answer to ix, in the
// words w, by the rules Check follows.
func reviewAnswer(ix *interaction.Interaction, r interaction.Response, w review.Wording) rules.Violations {
	vs, _ := review.Answer(ix, &r, w)
	return vs
}

// reviewMessage returns the violations of m as a message of the kind,
// in the words w, by the rules CheckMessage and CheckEdit follow.
func reviewMessage(ix *interaction.Interaction, m interaction.MessageData, kind review.Kind, w review.Wording) rules.Violations {
	return review.Message(ix, &m, kind, w)
}

// reviewReferences returns the violations of the attachment://name URLs
// of m that name none of attached, in the words w.
func reviewReferences(m interaction.MessageData, attached []string, w review.Wording) rules.Violations {
	return review.References(&m, attached, w)
}
