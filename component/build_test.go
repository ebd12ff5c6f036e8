package component_test

import (
	"reflect"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestBuildersMakeTheComponentsTheyName(t *testing.T) {
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"a primary button sends its custom_id", component.PrimaryButton("a", "A"),
			component.Button{Style: component.ButtonPrimary, CustomID: "a", Label: "A"}},
		{"a secondary button", component.SecondaryButton("b", "B"),
			component.Button{Style: component.ButtonSecondary, CustomID: "b", Label: "B"}},
		{"a success button with an emoji", component.SuccessButton("c", "C").WithEmoji(component.CustomEmoji(7, "ok")),
			component.Button{Style: component.ButtonSuccess, CustomID: "c", Label: "C", Emoji: component.PartialEmoji{ID: 7, Name: "ok"}}},
		{"a disabled danger button", component.DangerButton("d", "D").Disable(),
			component.Button{Style: component.ButtonDanger, CustomID: "d", Label: "D", Disabled: true}},
		{"a link button has a url and no custom_id", component.LinkButton("https://example.com", "E"),
			component.Button{Style: component.ButtonLink, URL: "https://example.com", Label: "E"}},
		{"a premium button has only its SKU", component.PremiumButton(99),
			component.Button{Style: component.ButtonPremium, SKUID: 99}},
		{"a row holds what it is given", component.Row(component.PrimaryButton("a", "A")),
			component.ActionRow{Components: []interaction.Component{component.PrimaryButton("a", "A")}}},
		{"a string select with options and bounds",
			component.Select("s", component.Option("A", "a").Preselect().WithEmoji(component.Emoji("🅰")).WithDescription("first")).
				WithPlaceholder("p").WithMinValues(0).WithMaxValues(1).Optional().Disable(),
			component.StringSelect{CustomID: "s", Placeholder: "p", MinValues: new(0), MaxValues: new(1), Required: new(false), Disabled: true,
				Options: []component.SelectOption{{Label: "A", Value: "a", Description: "first", Emoji: component.PartialEmoji{Name: "🅰"}, Default: true}}}},
		{"a user select with defaults", component.SelectUsers("u").WithDefaults(1, 2).WithPlaceholder("p").WithMinValues(1).WithMaxValues(2).Disable(),
			component.UserSelect{CustomID: "u", Placeholder: "p", MinValues: new(1), MaxValues: new(2), Disabled: true,
				DefaultValues: []component.DefaultValue{{ID: 1, Type: component.DefaultUser}, {ID: 2, Type: component.DefaultUser}}}},
		{"a role select with defaults", component.SelectRoles("r").WithDefaults(3).WithPlaceholder("p").WithMinValues(0).WithMaxValues(5).Disable(),
			component.RoleSelect{CustomID: "r", Placeholder: "p", MinValues: new(0), MaxValues: new(5), Disabled: true,
				DefaultValues: []component.DefaultValue{{ID: 3, Type: component.DefaultRole}}}},
		{"a mentionable select with a user and a role",
			component.SelectMentionables("m").WithDefaults(component.UserValue(1), component.RoleValue(2)).
				WithPlaceholder("p").WithMinValues(2).WithMaxValues(2).Disable(),
			component.MentionableSelect{CustomID: "m", Placeholder: "p", MinValues: new(2), MaxValues: new(2), Disabled: true,
				DefaultValues: []component.DefaultValue{{ID: 1, Type: component.DefaultUser}, {ID: 2, Type: component.DefaultRole}}}},
		{"a channel select of text channels",
			component.SelectChannels("c", interaction.ChannelGuildText).WithDefaults(4).WithPlaceholder("p").WithMinValues(1).WithMaxValues(1).Disable(),
			component.ChannelSelect{CustomID: "c", ChannelTypes: []interaction.ChannelType{interaction.ChannelGuildText}, Placeholder: "p",
				MinValues: new(1), MaxValues: new(1), Disabled: true, DefaultValues: []component.DefaultValue{{ID: 4, Type: component.DefaultChannel}}}},
		{"a short input in a row has its own label",
			component.ShortInput("n").WithLabel("Name").WithPlaceholder("Ada").WithValue("A").WithLength(1, 32).Optional(),
			component.TextInput{CustomID: "n", Style: component.TextInputShort, Label: "Name", Placeholder: "Ada", Value: "A",
				MinLength: 1, MaxLength: new(32), Required: new(false)}},
		{"a paragraph input", component.ParagraphInput("b"), component.TextInput{CustomID: "b", Style: component.TextInputParagraph}},
		{"a labelled upload", component.Labeled("Proof", component.Upload("f").WithMinValues(0).WithMaxValues(3).Optional()).WithDescription("Screenshots"),
			component.Label{Label: "Proof", Description: "Screenshots",
				Component: component.FileUpload{CustomID: "f", MinValues: new(0), MaxValues: new(3), Required: new(false)}}},
		{"an upload of images and PDFs", component.Upload("f").WithFileTypes("image").WithFileTypes(".pdf"),
			component.FileUpload{CustomID: "f", FileTypes: []string{"image", ".pdf"}}},
		{"an optional radio group with a preselected option",
			component.Radio("r", component.Choice("A", "a").Preselect().WithDescription("first"), component.Choice("B", "b")).Optional(),
			component.RadioGroup{CustomID: "r", Required: new(false), Options: []component.GroupOption{
				{Label: "A", Value: "a", Description: "first", Default: true}, {Label: "B", Value: "b"}}}},
		{"a checkbox group with bounds",
			component.Checkboxes("g", component.Choice("A", "a")).WithMinValues(0).WithMaxValues(1).Optional(),
			component.CheckboxGroup{CustomID: "g", MinValues: new(0), MaxValues: new(1), Required: new(false),
				Options: []component.GroupOption{{Label: "A", Value: "a"}}}},
		{"a checkbox that starts ticked", component.CheckboxInput("c").Checked(), component.Checkbox{CustomID: "c", Default: true}},
		{"optional entity selects", []any{component.SelectUsers("u").Optional(), component.SelectRoles("r").Optional(),
			component.SelectMentionables("m").Optional(), component.SelectChannels("c").Optional()},
			[]any{component.UserSelect{CustomID: "u", Required: new(false)}, component.RoleSelect{CustomID: "r", Required: new(false)},
				component.MentionableSelect{CustomID: "m", Required: new(false)}, component.ChannelSelect{CustomID: "c", Required: new(false)}}},
		{"a modal", component.Modal("m", "T", component.Text("hi")),
			interaction.Modal{CustomID: "m", Title: "T", Components: interaction.Components{component.TextDisplay{Content: "hi"}}}},
		{"a layout message has the components-v2 flag", component.Layout(component.Text("hi")),
			interaction.MessageData{Flags: interaction.FlagIsComponentsV2, Components: interaction.Components{component.TextDisplay{Content: "hi"}}}},
		{"a section of two texts beside a thumbnail", component.Beside(component.Image("https://example.com/a.png"), "a", "b"),
			component.Section{Components: []interaction.Component{component.TextDisplay{Content: "a"}, component.TextDisplay{Content: "b"}},
				Accessory: component.Thumbnail{Media: component.UnfurledMedia{URL: "https://example.com/a.png"}}}},
		{"a gallery", component.Gallery("https://example.com/a.png", "attachment://b.png"),
			component.MediaGallery{Items: []component.MediaGalleryItem{
				{Media: component.UnfurledMedia{URL: "https://example.com/a.png"}}, {Media: component.UnfurledMedia{URL: "attachment://b.png"}}}}},
		{"an attached file", component.Attached("notes.txt"), component.File{File: component.UnfurledMedia{URL: "attachment://notes.txt"}}},
		{"a divider is the service's default separator", component.Divider(), component.Separator{}},
		{"a spacer draws no line", component.Spacer(component.SpacingLarge),
			component.Separator{Divider: new(false), Spacing: component.SpacingLarge}},
		{"a box with an accent", component.Box(component.Text("x")).WithAccentColor(0xff0000),
			component.Container{Components: []interaction.Component{component.TextDisplay{Content: "x"}}, AccentColor: new(0xff0000)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !reflect.DeepEqual(tt.got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", tt.got, tt.want)
			}
		})
	}
}

func TestModifiersLeaveTheOriginalAsItWas(t *testing.T) {
	base := component.Select("s", component.Option("A", "a")).WithMaxValues(1)
	wider := base.WithMaxValues(5)
	if *base.MaxValues != 1 || *wider.MaxValues != 5 {
		t.Fatalf("base max %d, wider max %d", *base.MaxValues, *wider.MaxValues)
	}
	types := component.Upload("f").WithFileTypes("image")
	_ = types.WithFileTypes(".pdf")
	if a, b := types.WithFileTypes(".txt"), types.WithFileTypes(".md"); len(types.FileTypes) != 1 || a.FileTypes[1] != ".txt" || b.FileTypes[1] != ".md" {
		t.Fatalf("file types share their list: %v, %v, %v", types.FileTypes, a.FileTypes, b.FileTypes)
	}
	b := component.PrimaryButton("a", "A")
	_ = b.Disable()
	if b.Disabled {
		t.Fatal("Disable changed the button it was called on")
	}
}

func TestStylesHaveTheirNames(t *testing.T) {
	tests := []struct{ got, want string }{
		{component.ButtonPrimary.String(), "PRIMARY"},
		{component.ButtonPremium.String(), "PREMIUM"},
		{component.ButtonStyle(0).String(), "ButtonStyle(0)"},
		{component.ButtonStyle(7).String(), "ButtonStyle(7)"},
		{component.TextInputShort.String(), "SHORT"},
		{component.TextInputParagraph.String(), "PARAGRAPH"},
		{component.TextInputStyle(3).String(), "TextInputStyle(3)"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
