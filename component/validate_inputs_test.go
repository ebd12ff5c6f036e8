package component_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// TestValidateModalInputs: the inputs of modals inside labels, the rule
// of required and min_values, file_types, and the numeric ids of a modal.
func TestValidateModalInputs(t *testing.T) {
	modal := func(cs ...interaction.Component) interaction.Modal { return component.Modal("m", "Title", cs...) }
	one := func(c interaction.Component) interaction.Modal { return modal(component.Labeled("L", c)) }
	const in = "/components/0/component"
	group := func(n int) []component.GroupOption { return choices(n) }
	tests := []struct {
		name string
		m    interaction.Modal
		want []want
	}{
		// where the inputs go
		{"a radio group is not a top-level component", modal(component.Radio("r", group(2)...)),
			[]want{{"/components/0/type", rules.UnionTypeChoices}}},
		{"a checkbox group is not a top-level component", modal(component.Checkboxes("g", group(2)...)),
			[]want{{"/components/0/type", rules.UnionTypeChoices}}},
		{"a checkbox is not a top-level component", modal(component.CheckboxInput("c")),
			[]want{{"/components/0/type", rules.UnionTypeChoices}}},
		{"a file upload is not a top-level component", modal(component.Upload("f")),
			[]want{{"/components/0/type", rules.UnionTypeChoices}}},
		{"a row of a modal holds no checkbox", modal(component.Row(component.CheckboxInput("c"))),
			[]want{{"/components/0/components/0/type", rules.UnionTypeChoices}}},
		{"a row of a modal holds no radio group", modal(component.Row(component.Radio("r", group(2)...))),
			[]want{{"/components/0/components/0/type", rules.UnionTypeChoices}}},
		{"a label holds no label", one(component.Labeled("Inner", component.ShortInput("a"))),
			[]want{{in + "/type", rules.UnionTypeChoices}}},
		{"a label holds no text display", one(component.Text("t")),
			[]want{{in + "/type", rules.UnionTypeChoices}}},
		{"a label holds no row", one(component.Row(component.ShortInput("a").WithLabel("A"))),
			[]want{{in + "/type", rules.UnionTypeChoices}}},
		{"an entity select in a modal cannot be disabled", one(component.SelectChannels("c").Disable()),
			[]want{{in + "/disabled", rules.ComponentFieldNotAllowed}}},
		{"a role select in a modal follows the rules of selects", one(component.SelectRoles("r").WithMaxValues(26)),
			[]want{{in + "/max_values", rules.NumberTypeMax}}},
		{"an input in a label needs a custom_id", one(component.CheckboxInput("")),
			[]want{{in + "/custom_id", rules.BaseTypeRequired}}},
		{"custom_ids of the new inputs are unique in the modal",
			modal(component.Labeled("A", component.CheckboxInput("x")), component.Labeled("B", component.Radio("x", group(2)...))),
			[]want{{"/components/1/component/custom_id", rules.ComponentCustomIDDuplicated}}},

		// required and min_values
		{"a required select in a modal may not let a user choose nothing", one(component.Select("s", options(2)...).WithMinValues(0)),
			[]want{{in + "/min_values", rules.NumberTypeMin}}},
		{"a select that says required may not let a user choose nothing",
			one(component.StringSelect{CustomID: "s", Options: options(2), MinValues: new(0), Required: new(true)}),
			[]want{{in + "/min_values", rules.NumberTypeMin}}},
		{"an optional select in a modal lets a user choose nothing", one(component.Select("s", options(2)...).WithMinValues(0).Optional()), nil},
		{"a required user select in a modal may not let a user choose nothing", one(component.SelectUsers("u").WithMinValues(0)),
			[]want{{in + "/min_values", rules.NumberTypeMin}}},
		{"an optional channel select lets a user choose nothing", one(component.SelectChannels("c").WithMinValues(0).Optional()), nil},
		{"a required select may ask for one choice", one(component.SelectMentionables("m").WithMinValues(1)), nil},
		{"a required file upload may not take no file", one(component.Upload("f").WithMinValues(0)),
			[]want{{in + "/min_values", rules.NumberTypeMin}}},
		{"an optional file upload may take no file", one(component.Upload("f").WithMinValues(0).Optional()), nil},
		{"a required checkbox group may not let a user tick nothing", one(component.Checkboxes("g", group(2)...).WithMinValues(0)),
			[]want{{in + "/min_values", rules.NumberTypeMin}}},
		{"an optional checkbox group lets a user tick nothing", one(component.Checkboxes("g", group(2)...).WithMinValues(0).Optional()), nil},
		{"a negative min_values is reported once", one(component.Upload("f").WithMinValues(-1)),
			[]want{{in + "/min_values", rules.NumberTypeMin}}},

		// file_types
		{"a file upload takes groups and extensions in any case",
			one(component.Upload("f").WithFileTypes("image", "video", "audio", ".pdf", ".PDF", ".tar.gz")), nil},
		{"a file upload takes 10 file types",
			one(component.Upload("f").WithFileTypes("image", ".a", ".b", ".c", ".d", ".e", ".f", ".g", ".h", ".i")), nil},
		{"a file upload takes no more than 10 file types",
			one(component.Upload("f").WithFileTypes("image", ".a", ".b", ".c", ".d", ".e", ".f", ".g", ".h", ".i", ".j")),
			[]want{{in + "/file_types", rules.BaseTypeBadLength}}},
		{"file types past the tenth are not checked",
			one(component.Upload("f").WithFileTypes("image", ".a", ".b", ".c", ".d", ".e", ".f", ".g", ".h", ".i", "pdf")),
			[]want{{in + "/file_types", rules.BaseTypeBadLength}}},
		{"an extension needs its dot", one(component.Upload("f").WithFileTypes("image", "pdf")),
			[]want{{in + "/file_types/1", rules.FileTypesInvalid}}},
		{"a group is named in lower case", one(component.Upload("f").WithFileTypes("Image")),
			[]want{{in + "/file_types/0", rules.FileTypesInvalid}}},
		{"a group the service does not have is refused", one(component.Upload("f").WithFileTypes("text")),
			[]want{{in + "/file_types/0", rules.FileTypesInvalid}}},
		{"an entry is not empty", one(component.Upload("f").WithFileTypes("", ".")),
			[]want{{in + "/file_types/0", rules.FileTypesInvalid}, {in + "/file_types/1", rules.FileTypesInvalid}}},
		{"an extension holds no space", one(component.Upload("f").WithFileTypes(".p df")),
			[]want{{in + "/file_types/0", rules.FileTypesInvalid}}},

		// radio groups
		{"a radio group has two options", one(component.Radio("r", group(2)...)), nil},
		{"a radio group has ten options", one(component.Radio("r", group(10)...)), nil},
		{"a radio group needs two options", one(component.Radio("r", group(1)...)),
			[]want{{in + "/options", rules.BaseTypeBadLength}}},
		{"a radio group needs options", one(component.Radio("r")),
			[]want{{in + "/options", rules.BaseTypeBadLength}}},
		{"a radio group has no more than ten options", one(component.Radio("r", group(11)...)),
			[]want{{in + "/options", rules.BaseTypeBadLength}}},
		{"a radio group's options past the tenth are not checked",
			one(component.Radio("r", append(group(10), component.Choice("", ""))...)),
			[]want{{in + "/options", rules.BaseTypeBadLength}}},
		{"a radio group may be optional", one(component.Radio("r", group(3)...).Optional()), nil},
		{"a radio group may preselect one option",
			one(component.Radio("r", component.Choice("A", "a").Preselect(), component.Choice("B", "b"))), nil},
		{"a radio group preselects one option at most",
			one(component.Radio("r", component.Choice("A", "a").Preselect(), component.Choice("B", "b").Preselect())),
			[]want{{in + "/options", rules.SelectComponentTooManyDefaultValues}}},
		{"the values of a radio group are unique",
			one(component.Radio("r", component.Choice("A", "a"), component.Choice("B", "a"))),
			[]want{{in + "/options/1/value", rules.SelectComponentOptionValueDuplicated}}},
		{"an option needs a value", one(component.Radio("r", component.Choice("A", ""), component.Choice("B", "b"))),
			[]want{{in + "/options/0/value", rules.BaseTypeRequired}}},
		{"an option needs a label", one(component.Radio("r", component.Choice("", "a"), component.Choice("B", "b"))),
			[]want{{in + "/options/0/label", rules.BaseTypeRequired}}},
		{"an option's value and label have up to 100 characters",
			one(component.Radio("r", component.Choice(chars(100), chars(100)), component.Choice("B", "b"))), nil},
		{"an option's value of 101 characters is too long",
			one(component.Radio("r", component.Choice("A", chars(101)), component.Choice("B", "b"))),
			[]want{{in + "/options/0/value", rules.BaseTypeBadLength}}},
		{"an option's label of 101 characters is too long",
			one(component.Radio("r", component.Choice("A", "a"), component.Choice(chars(101), "b"))),
			[]want{{in + "/options/1/label", rules.BaseTypeBadLength}}},
		{"an option's description has up to 100 characters",
			one(component.Radio("r", component.Choice("A", "a").WithDescription(chars(100)), component.Choice("B", "b"))), nil},
		{"an option's description of 101 characters is too long",
			one(component.Radio("r", component.Choice("A", "a").WithDescription(chars(101)), component.Choice("B", "b"))),
			[]want{{in + "/options/0/description", rules.BaseTypeBadLength}}},
		{"an option's text is valid UTF-8",
			one(component.Radio("r", component.Choice("A\xff", "a"), component.Choice("B", "b"))),
			[]want{{in + "/options/0/label", rules.StringInvalidUTF8}}},

		// checkbox groups
		{"a checkbox group has one option", one(component.Checkboxes("g", group(1)...)), nil},
		{"a checkbox group has ten options", one(component.Checkboxes("g", group(10)...)), nil},
		{"a checkbox group needs an option", one(component.Checkboxes("g")),
			[]want{{in + "/options", rules.BaseTypeBadLength}}},
		{"a checkbox group has no more than ten options", one(component.Checkboxes("g", group(11)...)),
			[]want{{in + "/options", rules.BaseTypeBadLength}}},
		{"a checkbox group lets a user tick 0 to 10", one(component.Checkboxes("g", group(10)...).WithMinValues(0).WithMaxValues(10).Optional()), nil},
		{"a checkbox group may ask for all ten", one(component.Checkboxes("g", group(10)...).WithMinValues(10)), nil},
		{"a checkbox group's min_values is not negative", one(component.Checkboxes("g", group(2)...).WithMinValues(-1)),
			[]want{{in + "/min_values", rules.NumberTypeMin}}},
		{"a checkbox group's min_values is at most 10", one(component.Checkboxes("g", group(10)...).WithMinValues(11)),
			[]want{{in + "/min_values", rules.NumberTypeMax}}},
		{"a checkbox group's max_values is at least 1", one(component.Checkboxes("g", group(2)...).WithMaxValues(0)),
			[]want{{in + "/max_values", rules.NumberTypeMin}}},
		{"a checkbox group's max_values is at most 10", one(component.Checkboxes("g", group(10)...).WithMaxValues(11)),
			[]want{{in + "/max_values", rules.NumberTypeMax}}},
		{"a checkbox group's min_values is not above its max_values",
			one(component.Checkboxes("g", group(5)...).WithMinValues(3).WithMaxValues(2)),
			[]want{{in + "/min_values", rules.ComponentMinAboveMax}}},
		{"a checkbox group's min_values is not above its number of options, max_values's default",
			one(component.Checkboxes("g", group(2)...).WithMinValues(3)),
			[]want{{in + "/min_values", rules.ComponentMinAboveMax}}},
		{"a checkbox group's max_values is not above its number of options",
			one(component.Checkboxes("g", group(2)...).WithMaxValues(3)),
			[]want{{in + "/options", rules.BaseTypeMinLength}}},
		{"a checkbox group may preselect every option", one(component.Checkboxes("g",
			component.Choice("A", "a").Preselect(), component.Choice("B", "b").Preselect())), nil},
		{"a checkbox group preselects no more than its max_values",
			one(component.Checkboxes("g", component.Choice("A", "a").Preselect(), component.Choice("B", "b").Preselect()).WithMaxValues(1)),
			[]want{{in + "/options", rules.SelectComponentTooManyDefaultValues}}},
		{"the values of a checkbox group are unique",
			one(component.Checkboxes("g", component.Choice("A", "a"), component.Choice("B", "b"), component.Choice("C", "a"))),
			[]want{{in + "/options/2/value", rules.SelectComponentOptionValueDuplicated}}},
		{"the values of two groups may be equal", modal(
			component.Labeled("A", component.Checkboxes("g", component.Choice("A", "a"))),
			component.Labeled("B", component.Radio("r", component.Choice("A", "a"), component.Choice("B", "b")))), nil},

		// checkboxes
		{"a checkbox may start ticked", one(component.CheckboxInput("c").Checked()), nil},
		{"a checkbox has no required field",
			modal(interaction.RawComponent(`{"type":18,"label":"L","component":{"type":23,"custom_id":"c","required":true}}`)),
			[]want{{in + "/required", rules.ComponentFieldNotAllowed}}},
		{"a checkbox has no required field, false either",
			modal(interaction.RawComponent(`{"type":18,"label":"L","component":{"type":23,"custom_id":"c","required":false}}`)),
			[]want{{in + "/required", rules.ComponentFieldNotAllowed}}},
		{"a raw checkbox without required is valid",
			modal(interaction.RawComponent(`{"type":18,"label":"L","component":{"type":23,"custom_id":"c","default":true}}`)), nil},

		// numeric ids
		{"an id may be 2147483647", one(component.Checkbox{ID: 2147483647, CustomID: "c"}), nil},
		{"an id is at most 2147483647", one(component.Checkbox{ID: 2147483648, CustomID: "c"}),
			[]want{{in + "/id", rules.NumberTypeMax}}},
		{"an id is not negative", modal(component.Label{ID: -1, Label: "L", Component: component.CheckboxInput("c")}),
			[]want{{"/components/0/id", rules.NumberTypeMin}}},
		{"an id of 0 is unset, and never a duplicate", modal(
			component.Label{Label: "A", Component: component.Checkbox{CustomID: "a"}},
			component.Label{Label: "B", Component: component.Checkbox{CustomID: "b"}}), nil},
		{"ids are unique in the modal, parents and children alike",
			modal(component.Label{ID: 3, Label: "L", Component: component.Radio("r", group(2)...)},
				component.Label{ID: 4, Label: "M", Component: component.Checkbox{ID: 3, CustomID: "c"}}),
			[]want{{"/components/1/component/id", rules.ComponentIDDuplicated}}},
		{"a text display's id counts among the modal's", modal(component.TextDisplay{ID: 1, Content: "t"},
			component.Label{Label: "L", Component: component.FileUpload{ID: 1, CustomID: "f"}}),
			[]want{{"/components/1/component/id", rules.ComponentIDDuplicated}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, component.ValidateModal(tt.m), tt.want)
		})
	}
}

// TestModalComponentsNeverGoInMessages: text inputs, labels, file
// uploads, radio groups, checkbox groups and checkboxes belong to modals,
// wherever a message would put them.
func TestModalComponentsNeverGoInMessages(t *testing.T) {
	modalOnly := []interaction.Component{
		component.ShortInput("t").WithLabel("T"),
		component.Labeled("L", component.ShortInput("t")),
		component.Upload("f"),
		component.Radio("r", choices(2)...),
		component.Checkboxes("g", choices(2)...),
		component.CheckboxInput("c"),
	}
	for _, c := range modalOnly {
		name := c.ComponentType().String()
		t.Run(name+" in a row", func(t *testing.T) {
			expect(t, component.ValidateMessage(pick(c)), []want{{b0 + "/type", rules.UnionTypeChoices}})
		})
		t.Run(name+" at the top of a legacy message", func(t *testing.T) {
			expect(t, component.ValidateMessage(rows(c)), []want{{"/components/0/type", rules.UnionTypeChoices}})
		})
		t.Run(name+" at the top of a layout message", func(t *testing.T) {
			vs := component.ValidateMessage(layout(c))
			expect(t, vs, []want{{"/components/0/type", rules.UnionTypeChoices}})
			if len(vs) == 1 && vs[0].Message != name+" is not allowed here: a "+name+" belongs to modals, never to messages" {
				t.Errorf("message %q", vs[0].Message)
			}
		})
		t.Run(name+" in a container", func(t *testing.T) {
			expect(t, component.ValidateMessage(layout(component.Box(c))),
				[]want{{"/components/0/components/0/type", rules.UnionTypeChoices}})
		})
		t.Run(name+" as an accessory", func(t *testing.T) {
			expect(t, component.ValidateMessage(layout(component.Beside(c, "t"))),
				[]want{{"/components/0/accessory/type", rules.UnionTypeChoices}})
		})
	}
}

// TestMessagesIgnoreRequired: a select of a message may let a user choose
// nothing whatever its required field says, which only modals read.
func TestMessagesIgnoreRequired(t *testing.T) {
	for _, m := range []interaction.MessageData{
		pick(component.Select("s", options(2)...).WithMinValues(0)),
		pick(component.SelectUsers("u").WithMinValues(0)),
		pick(component.StringSelect{CustomID: "s", Options: options(2), MinValues: new(0), Required: new(true)}),
	} {
		expect(t, component.ValidateMessage(m), nil)
	}
}

// TestMessageIDsAreBounded: the numeric ids of a message follow the rules
// of a modal's.
func TestMessageIDsAreBounded(t *testing.T) {
	expect(t, component.ValidateMessage(pick(component.Button{ID: 2147483647, Style: 1, CustomID: "a", Label: "A"})), nil)
	expect(t, component.ValidateMessage(pick(component.Button{ID: 2147483648, Style: 1, CustomID: "a", Label: "A"})),
		[]want{{b0 + "/id", rules.NumberTypeMax}})
	expect(t, component.ValidateMessage(rows(component.ActionRow{ID: 5, Components: []interaction.Component{
		component.Button{ID: 5, Style: 1, CustomID: "a", Label: "A"}}})),
		[]want{{b0 + "/id", rules.ComponentIDDuplicated}})
}
