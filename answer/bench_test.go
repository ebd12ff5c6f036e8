package answer_test

import (
	"strconv"
	"testing"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

// typical are answers as bots give them.
var typical = []struct {
	name string
	ix   *interaction.Interaction
	r    interaction.Response
}{
	{"a plain reply", command, interaction.Reply("Banned spammer9000 for 7 days.").Ephemeral()},
	{"a deferral", command, interaction.Defer().Ephemeral()},
	{"an embed with fields and buttons", command, richReply()},
	{"ten suggestions", completeText, tenSuggestions()},
}

func richReply() interaction.Response {
	fs := make([]interaction.EmbedField, 5)
	for i := range fs {
		fs[i] = interaction.EmbedField{Name: "Field " + strconv.Itoa(i), Value: "A value of a few words", Inline: true}
	}
	return interaction.ReplyMessage(interaction.MessageData{
		Content: "Here is the report.",
		Embeds: []interaction.Embed{{
			Title: "Weekly report", Description: "What happened in the guild this week.",
			Footer: &interaction.EmbedFooter{Text: "switchboard"}, Fields: fs,
		}},
	}).WithComponents(component.Row(
		component.SecondaryButton("report:prev", "Previous"), component.SecondaryButton("report:next", "Next"),
		component.LinkButton("https://example.com/report", "Open"),
	))
}

func tenSuggestions() interaction.Response {
	cs := make([]interaction.Choice, 10)
	for i := range cs {
		cs[i] = interaction.StringChoice("Suggestion "+strconv.Itoa(i), "s"+strconv.Itoa(i))
	}
	return interaction.AutocompleteResult(cs...)
}

func BenchmarkCheck(b *testing.B) {
	for _, tt := range typical {
		b.Run(tt.name, func(b *testing.B) {
			if err := answer.Check(tt.ix, tt.r); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				answer.Check(tt.ix, tt.r)
			}
		})
	}
}

func TestCheckingAValidAnswerAllocatesNothing(t *testing.T) {
	for _, tt := range typical {
		if n := testing.AllocsPerRun(100, func() { answer.Check(tt.ix, tt.r) }); n != 0 {
			t.Errorf("checking %s allocates %v times", tt.name, n)
		}
	}
}
