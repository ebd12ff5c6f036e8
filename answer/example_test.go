package answer_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/rules"
)

func ExampleCheck() {
	ix := interactiontest.Command("report").Interaction()
	fields := make([]interaction.EmbedField, 26)
	for i := range fields {
		fields[i] = interaction.EmbedField{Name: fmt.Sprint("Day ", i+1), Value: "quiet"}
	}
	r := interaction.ReplyMessage(interaction.MessageData{
		Content: strings.Repeat("a", 2001),
		Embeds:  []interaction.Embed{{Title: "This month", Fields: fields}},
	}).WithComponents(component.Row(component.PrimaryButton("", "Approve")))
	err := answer.Check(ix, r)
	fmt.Println(err)
	var vs rules.Violations
	if errors.As(err, &vs) {
		fmt.Println(vs[1].Pointer, vs[1].Code)
	}
	// Output:
	// answer › content: at most 2000 characters, has 2001
	// answer › embed 1 › field 26: at most 25 fields, has 26
	// answer › row 1 › button "Approve": custom_id is required on a PRIMARY button
	// /data/embeds/0/fields BASE_TYPE_MAX_LENGTH
}

// An answer type the interaction does not allow is the interaction's
// CallbackError.
func ExampleCheck_type() {
	ix := interactiontest.Command("report").Interaction()
	err := answer.Check(ix, interaction.Update("done"))
	fmt.Println(err)
	fmt.Println(errors.Is(err, interaction.ErrCallbackNotAllowed))
	// Output:
	// answer › type: UPDATE_MESSAGE does not answer APPLICATION_COMMAND
	// true
}

func ExampleCheckMessage() {
	ix := interactiontest.Command("report").Interaction()
	fmt.Println(answer.CheckMessage(ix, interaction.MessageData{}))
	fmt.Println(answer.CheckEdit(ix, interaction.MessageData{Flags: interaction.FlagLoading}))
	// Output:
	// message: shows nothing: a message needs content, an embed, a component, a file or a poll
	// message › flags: sets LOADING; a message may set only SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE and IS_COMPONENTS_V2
}
