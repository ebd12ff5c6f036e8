package playground

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestAMessagePrintsItsPoll(t *testing.T) {
	tests := []struct {
		name string
		m    interaction.MessageData
		want string
	}{
		{"a poll alone, open for the default day",
			interaction.MessageData{}.WithPoll(interaction.NewPoll("Lunch?", "Pizza", "Sushi")),
			"  bot › [poll] Lunch? (one answer, open 24 hours)\n          1. Pizza\n          2. Sushi\n"},
		{"a poll after the content, with emoji, for an hour",
			interaction.MessageData{Content: "Vote!"}.WithPoll(interaction.NewPoll("Lunch?").
				WithEmojiAnswer(interaction.PollEmoji{Name: "🍣"}, "Sushi").
				WithEmojiAnswer(interaction.PollEmoji{ID: 7, Name: "salad"}, "Salad").
				WithEmojiAnswer(interaction.PollEmoji{ID: 8}, "Soup").Lasting(1).Multiselect()),
			"  bot › Vote!\n        [poll] Lunch? (one or more answers, open 1 hour)\n          1. 🍣 Sushi\n          2. :salad: Salad\n          3. :emoji: Soup\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPrinter(nil, false)
			var b strings.Builder
			p.message(&b, "", tt.m)
			if got := b.String(); got != tt.want {
				t.Errorf("printed\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
