package component_test

import (
	"encoding/json"
	"reflect"
	"testing"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

// everyKind holds one component of each type with every field set, so that
// a field dropped by encoding or decoding shows.
func everyKind() []interaction.Component {
	emoji := component.PartialEmoji{ID: 41771983429993937, Name: "blob", Animated: true}
	return []interaction.Component{
		component.ActionRow{ID: 1, Components: []interaction.Component{
			component.Button{ID: 2, Style: component.ButtonPrimary, Label: "Yes", Emoji: emoji, CustomID: "poll:1:yes", Disabled: true},
			component.Button{Style: component.ButtonLink, Label: "Docs", URL: "https://example.com/docs"},
			component.Button{Style: component.ButtonPremium, SKUID: 1088510058284990888},
		}},
		component.StringSelect{ID: 3, CustomID: "pick", Placeholder: "Pick", MinValues: new(0), MaxValues: new(2),
			Required: new(false), Disabled: true, Options: []component.SelectOption{
				{Label: "Red", Value: "r", Description: "warm", Emoji: component.PartialEmoji{Name: "🟥"}, Default: true},
				{Label: "Blue", Value: "b"},
			}},
		component.UserSelect{ID: 4, CustomID: "u", Placeholder: "Who", MinValues: new(1), MaxValues: new(3), Required: new(true),
			Disabled: true, DefaultValues: []component.DefaultValue{{ID: 80351110224678912, Type: component.DefaultUser}}},
		component.RoleSelect{ID: 5, CustomID: "r", Placeholder: "Roles", MaxValues: new(25),
			DefaultValues: []component.DefaultValue{{ID: 41771983423143936, Type: component.DefaultRole}}},
		component.MentionableSelect{ID: 6, CustomID: "m", MinValues: new(0), DefaultValues: []component.DefaultValue{
			{ID: 1, Type: component.DefaultUser}, {ID: 2, Type: component.DefaultRole}}},
		component.ChannelSelect{ID: 7, CustomID: "c", ChannelTypes: []interaction.ChannelType{interaction.ChannelGuildText, interaction.ChannelGuildForum},
			DefaultValues: []component.DefaultValue{{ID: 9, Type: component.DefaultChannel}}},
		component.TextInput{ID: 8, CustomID: "why", Style: component.TextInputParagraph, Label: "Why", MinLength: 10,
			MaxLength: new(200), Required: new(false), Value: "because", Placeholder: "Say why"},
		component.Label{ID: 9, Label: "Name", Description: "As shown", Component: component.TextInput{CustomID: "name", Style: component.TextInputShort}},
		component.Label{Label: "Proof", Component: component.FileUpload{ID: 10, CustomID: "proof", MinValues: new(0), MaxValues: new(10), Required: new(false),
			FileTypes: []string{"image", ".pdf"}}},
		component.RadioGroup{ID: 18, CustomID: "class", Required: new(false), Options: []component.GroupOption{
			{Value: "warrior", Label: "Warrior", Description: "Strong", Default: true},
			{Value: "rogue", Label: "Rogue"},
		}},
		component.CheckboxGroup{ID: 19, CustomID: "days", MinValues: new(0), MaxValues: new(2), Required: new(false),
			Options: []component.GroupOption{
				{Value: "mon", Label: "Monday", Description: "early", Default: true},
				{Value: "tue", Label: "Tuesday", Default: true},
				{Value: "wed", Label: "Wednesday"},
			}},
		component.Label{Label: "Agree", Component: component.Checkbox{ID: 20, CustomID: "agree", Default: true}},
		component.Checkbox{CustomID: "alone"},
		component.Section{ID: 11, Components: []interaction.Component{component.TextDisplay{ID: 12, Content: "# Title"}},
			Accessory: component.Thumbnail{ID: 13, Media: component.UnfurledMedia{URL: "https://example.com/a.png"}, Description: "alt", Spoiler: true}},
		component.MediaGallery{ID: 14, Items: []component.MediaGalleryItem{
			{Media: component.UnfurledMedia{URL: "attachment://a.png"}, Description: "a", Spoiler: true},
			{Media: component.UnfurledMedia{URL: "https://example.com/b.png"}},
		}},
		component.File{ID: 15, File: component.UnfurledMedia{URL: "attachment://notes.txt"}, Spoiler: true},
		component.Separator{ID: 16, Divider: new(false), Spacing: component.SpacingLarge},
		component.Container{ID: 17, AccentColor: new(0), Spoiler: true, Components: []interaction.Component{
			component.TextDisplay{Content: "inside"},
			component.ActionRow{Components: []interaction.Component{component.Button{Style: component.ButtonDanger, Label: "Delete", CustomID: "del"}}},
			component.Section{Components: []interaction.Component{component.TextDisplay{Content: "beside"}},
				Accessory: component.Button{Style: component.ButtonSecondary, Label: "More", CustomID: "more"}},
		}},
	}
}

func TestEveryComponentSurvivesARoundTripThroughJSON(t *testing.T) {
	for _, c := range everyKind() {
		t.Run(c.ComponentType().String(), func(t *testing.T) {
			b, err := jsonv2.Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			got, err := component.Parse(interaction.RawComponent(b))
			if err != nil {
				t.Fatalf("Parse(%s): %v", b, err)
			}
			if !reflect.DeepEqual(got, c) {
				t.Fatalf("Parse(%s)\n got %#v\nwant %#v", b, got, c)
			}
			// The concrete type decodes itself, with the standard library
			// as with goccy/go-json.
			into := reflect.New(reflect.TypeOf(c))
			if err := json.Unmarshal(b, into.Interface()); err != nil {
				t.Fatalf("encoding/json: %v", err)
			}
			if !reflect.DeepEqual(into.Elem().Interface(), c) {
				t.Fatalf("encoding/json decodes %s\n as %#v", b, into.Elem().Interface())
			}
			std, err := json.Marshal(c)
			if err != nil || string(std) != string(b) {
				t.Fatalf("encoding/json encodes %s (%v), goccy/go-json %s", std, err, b)
			}
		})
	}
}

func TestComponentsEncodeTheServicesDefaultsByLeavingFieldsOut(t *testing.T) {
	tests := []struct {
		name string
		c    interaction.Component
		want string
	}{
		{"a zero row has an empty list of components", component.ActionRow{}, `{"type":1,"components":[]}`},
		{"a button without emoji sends none", component.Button{Style: component.ButtonPrimary, Label: "Go", CustomID: "go"},
			`{"type":2,"style":1,"label":"Go","custom_id":"go"}`},
		{"a select leaves min and max values and required to the service",
			component.StringSelect{CustomID: "s", Options: []component.SelectOption{{Label: "A", Value: "a"}}},
			`{"type":3,"custom_id":"s","options":[{"label":"A","value":"a"}]}`},
		{"a select sends min_values 0 when it is set",
			component.UserSelect{CustomID: "u", MinValues: new(0), MaxValues: new(1)},
			`{"type":5,"custom_id":"u","min_values":0,"max_values":1}`},
		{"a text input is required unless it says otherwise",
			component.TextInput{CustomID: "t", Style: component.TextInputShort},
			`{"type":4,"custom_id":"t","style":1}`},
		{"a text input sends required false",
			component.TextInput{CustomID: "t", Style: component.TextInputShort, Required: new(false)},
			`{"type":4,"custom_id":"t","style":1,"required":false}`},
		{"a separator leaves divider and spacing to the service", component.Separator{}, `{"type":14}`},
		{"a container sends a black accent", component.Container{AccentColor: new(0)},
			`{"type":17,"components":[],"accent_color":0}`},
		{"a snowflake is a string", component.Button{Style: component.ButtonPremium, SKUID: 12},
			`{"type":2,"style":6,"sku_id":"12"}`},
		{"a radio group leaves required to the service",
			component.RadioGroup{CustomID: "r", Options: []component.GroupOption{{Value: "a", Label: "A"}, {Value: "b", Label: "B", Default: true}}},
			`{"type":21,"custom_id":"r","options":[{"value":"a","label":"A"},{"value":"b","label":"B","default":true}]}`},
		{"a checkbox group sends min_values 0 when it is set",
			component.CheckboxGroup{CustomID: "g", Options: []component.GroupOption{{Value: "a", Label: "A"}}, MinValues: new(0), Required: new(false)},
			`{"type":22,"custom_id":"g","options":[{"value":"a","label":"A"}],"min_values":0,"required":false}`},
		{"a checkbox sends default only when ticked", component.Checkbox{CustomID: "c"}, `{"type":23,"custom_id":"c"}`},
		{"a file upload sends its file types", component.FileUpload{CustomID: "f", FileTypes: []string{"image", ".pdf"}},
			`{"type":19,"custom_id":"f","file_types":["image",".pdf"]}`},
		{"a file upload without file types sends none", component.FileUpload{CustomID: "f", FileTypes: []string{}},
			`{"type":19,"custom_id":"f"}`},
		{"a raw component inside a row is sent as it came",
			component.ActionRow{Components: []interaction.Component{interaction.RawComponent(`{"type":2,"style":1,"x":true}`)}},
			`{"type":1,"components":[{"type":2,"style":1,"x":true}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := jsonv2.Marshal(tt.c)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Errorf("got  %s\nwant %s", b, tt.want)
			}
		})
	}
}

func TestAMessageCarriesTypedComponents(t *testing.T) {
	m := interaction.MessageData{Content: "Vote", Components: interaction.Components{
		component.ActionRow{Components: []interaction.Component{
			component.Button{Style: component.ButtonSuccess, Label: "Yes", CustomID: "yes"},
		}},
	}}
	b, err := jsonv2.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"content":"Vote","components":[{"type":1,"components":[{"type":2,"style":3,"label":"Yes","custom_id":"yes"}]}]}`
	if string(b) != want {
		t.Fatalf("got  %s\nwant %s", b, want)
	}
	var back interaction.MessageData
	if err := jsonv2.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	parsed, err := component.ParseAll(back.Components)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(parsed, []interaction.Component(m.Components)) {
		t.Fatalf("got %#v", parsed)
	}
}

func TestACheckboxReadWithRequiredEncodesWithout(t *testing.T) {
	c, err := component.Parse(interaction.RawComponent(`{"type":23,"custom_id":"c","required":true,"default":true}`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := jsonv2.Marshal(c)
	if err != nil || string(b) != `{"type":23,"custom_id":"c","default":true}` {
		t.Fatalf("got %s, %v", b, err)
	}
	var std component.Checkbox
	if err := json.Unmarshal([]byte(`{"type":23,"custom_id":"c"}`), &std); err != nil || std.CustomID != "c" {
		t.Fatalf("encoding/json decodes %+v, %v", std, err)
	}
}

func TestAModalOfTheNewInputsSurvivesARoundTrip(t *testing.T) {
	m := component.Modal("survey", "Survey",
		component.Text("A few questions"),
		component.Labeled("Class", component.Radio("class", component.Choice("Warrior", "warrior").Preselect(), component.Choice("Bard", "bard"))),
		component.Labeled("Days", component.Checkboxes("days", component.Choice("Monday", "mon"), component.Choice("Tuesday", "tue")).WithMaxValues(1)),
		component.Labeled("Agree", component.CheckboxInput("agree").Checked()),
		component.Labeled("Proof", component.Upload("proof").WithFileTypes("image", ".pdf").Optional()),
	)
	b, err := jsonv2.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var back interaction.Modal
	if err := jsonv2.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	parsed, err := component.ParseAll(back.Components)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(parsed, []interaction.Component(m.Components)) {
		t.Fatalf("got  %#v\nwant %#v", parsed, m.Components)
	}
}
