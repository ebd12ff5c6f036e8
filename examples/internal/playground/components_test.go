package playground

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestMessagesShowTheirComponentsAsTheUserActsOnThem(t *testing.T) {
	tests := []struct {
		name string
		cs   interaction.Components
		want string
	}{
		{"a row of buttons, one disabled and one a link",
			interaction.Components{component.Row(component.PrimaryButton("yes", "Yes"), component.DangerButton("no", "No").Disable(),
				component.LinkButton("https://example.com", "Docs"))},
			"[Yes] [No] (disabled) [Docs ↗]"},
		{"a select with its placeholder and options",
			interaction.Components{component.Row(component.Select("colour", component.Option("Red", "red"), component.Option("Blue", "blue")).
				WithPlaceholder("Colour"))},
			"‹Colour: Red · Blue›"},
		{"components as the service sent them",
			interaction.Components{interaction.RawComponent(`{"type":1,"components":[{"type":5,"custom_id":"who"}]}`)},
			"‹who: a user›"},
		{"a layout with a section beside its button",
			interaction.Components{component.Box(component.Text("Poll"), component.Beside(component.SecondaryButton("v", "Vote"), "Lunch?"))},
			"┌\n│ Poll\n│ Lunch?  [Vote]\n└"},
		{"components that do not parse",
			interaction.Components{interaction.RawComponent(`{"type":1,"components":7}`)},
			"(components the client cannot show: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPrinter(nil, false)
			got := strings.Join(p.componentLines(tt.cs), "\n")
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("lines =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestAModalShowsItsFieldsAndHowToFillThemIn(t *testing.T) {
	p := newPrinter(nil, false)
	var b strings.Builder
	p.modal(&b, &interaction.Modal{CustomID: "report", Title: "Report", Components: interaction.Components{
		component.Labeled("Title", component.ShortInput("title")),
		component.Labeled("Details", component.ParagraphInput("details").Optional()),
	}})
	want := `  bot opens a form "Report"
    Title (title: short text, required)
    Details (details: paragraph)
    fill it in with: submit title:"…" details:"…"
`
	if b.String() != want {
		t.Errorf("modal =\n%s\nwant\n%s", b.String(), want)
	}
}
