package component_test

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

func TestValidateModal(t *testing.T) {
	name := component.Labeled("Name", component.ShortInput("name"))
	modal := func(cs ...interaction.Component) interaction.Modal { return component.Modal("m", "Title", cs...) }
	input := func(ti component.TextInput) interaction.Modal { return modal(component.Labeled("L", ti)) }
	const in = "/components/0/component"
	tests := []struct {
		name string
		m    interaction.Modal
		want []want
	}{
		{"a modal of labelled inputs is valid", modal(name,
			component.Labeled("Color", component.Select("color", options(3)...)),
			component.Labeled("Proof", component.Upload("proof")),
			component.Text("Thanks"),
			component.Row(component.ParagraphInput("more").WithLabel("More"))), nil},

		// the modal's own fields
		{"a modal's custom_id has up to 100 characters", component.Modal(chars(100), "T", name), nil},
		{"a modal's custom_id of 101 characters is too long", component.Modal(chars(101), "T", name),
			[]want{{"/custom_id", rules.BaseTypeBadLength}}},
		{"a modal needs a custom_id", component.Modal("", "T", name), []want{{"/custom_id", rules.BaseTypeRequired}}},
		{"a modal's title has up to 45 characters", component.Modal("m", chars(45), name), nil},
		{"a modal's title of 46 characters is too long", component.Modal("m", chars(46), name),
			[]want{{"/title", rules.BaseTypeBadLength}}},
		{"a modal needs a title", component.Modal("m", "", name), []want{{"/title", rules.BaseTypeRequired}}},
		{"a modal holds five components", modal(component.Text("a"), component.Text("b"), component.Text("c"), component.Text("d"), name), nil},
		{"a modal cannot hold six components",
			modal(component.Text("a"), component.Text("b"), component.Text("c"), component.Text("d"), component.Text("e"), name),
			[]want{{"/components", rules.BaseTypeBadLength}}},
		{"a modal needs a component", modal(), []want{{"/components", rules.BaseTypeBadLength}}},
		{"a modal's components past the fifth are not checked",
			modal(component.Text("a"), component.Text("b"), component.Text("c"), component.Text("d"), name, component.Text("")),
			[]want{{"/components", rules.BaseTypeBadLength}}},
		{"a custom_id is unique in the modal", modal(name, component.Labeled("Again", component.ParagraphInput("name"))),
			[]want{{"/components/1/component/custom_id", rules.ComponentCustomIDDuplicated}}},
		{"a modal's custom_id may equal an input's", component.Modal("name", "T", name), nil},

		// where components go
		{"a row of a modal holds one text input", modal(component.Row(component.ShortInput("a").WithLabel("A"),
			component.ShortInput("b").WithLabel("B"))),
			[]want{{"/components/0/components/1", rules.ComponentLayoutWidthExceeded}}},
		{"a row of a modal holds no button", modal(component.Row(component.PrimaryButton("b", "B"))),
			[]want{{"/components/0/components/0/type", rules.UnionTypeChoices}}},
		{"a row of a modal holds no select", modal(component.Row(component.Select("s", options(1)...))),
			[]want{{"/components/0/components/0/type", rules.UnionTypeChoices}}},
		{"a text input alone is not a top-level component", modal(component.ShortInput("a").WithLabel("A")),
			[]want{{"/components/0/type", rules.UnionTypeChoices}}},
		{"a modal holds no section", modal(component.Beside(component.PrimaryButton("b", "B"), "t")),
			[]want{{"/components/0/type", rules.UnionTypeChoices}}},
		{"a label holds any of the five selects", modal(
			component.Labeled("S", component.Select("s", options(2)...)),
			component.Labeled("U", component.SelectUsers("u")),
			component.Labeled("R", component.SelectRoles("r")),
			component.Labeled("M", component.SelectMentionables("m")),
			component.Labeled("C", component.SelectChannels("c"))), nil},
		{"a label holds a file upload, a radio group, a checkbox group or a checkbox", modal(
			component.Labeled("F", component.Upload("f")),
			component.Labeled("R", component.Radio("r", choices(2)...)),
			component.Labeled("G", component.Checkboxes("g", choices(3)...)),
			component.Labeled("C", component.CheckboxInput("c"))), nil},
		{"a label holds no button", modal(component.Labeled("L", component.PrimaryButton("b", "B"))),
			[]want{{in + "/type", rules.UnionTypeChoices}}},
		{"a label needs a component", modal(component.Label{Label: "L"}), []want{{in, rules.BaseTypeRequired}}},
		{"a select in a modal cannot be disabled", modal(component.Labeled("L", component.Select("s", options(1)...).Disable())),
			[]want{{in + "/disabled", rules.ComponentFieldNotAllowed}}},

		// labels
		{"a label has up to 45 characters", modal(component.Labeled(chars(45), component.ShortInput("a"))), nil},
		{"a label of 46 characters is too long", modal(component.Labeled(chars(46), component.ShortInput("a"))),
			[]want{{"/components/0/label", rules.BaseTypeBadLength}}},
		{"a label needs its text", modal(component.Labeled("", component.ShortInput("a"))),
			[]want{{"/components/0/label", rules.BaseTypeRequired}}},
		{"a label's description has up to 100 characters",
			modal(component.Labeled("L", component.ShortInput("a")).WithDescription(chars(100))), nil},
		{"a label's description of 101 characters is too long",
			modal(component.Labeled("L", component.ShortInput("a")).WithDescription(chars(101))),
			[]want{{"/components/0/description", rules.BaseTypeBadLength}}},

		// text inputs
		{"a text input in a row needs a label", modal(component.Row(component.ShortInput("a"))),
			[]want{{"/components/0/components/0/label", rules.BaseTypeRequired}}},
		{"a text input's label has up to 45 characters", modal(component.Row(component.ShortInput("a").WithLabel(chars(45)))), nil},
		{"a text input's label of 46 characters is too long", modal(component.Row(component.ShortInput("a").WithLabel(chars(46)))),
			[]want{{"/components/0/components/0/label", rules.BaseTypeBadLength}}},
		{"a text input in a label has no label of its own", input(component.ShortInput("a").WithLabel("A")),
			[]want{{in + "/label", rules.ComponentFieldNotAllowed}}},
		{"a text input needs a custom_id", input(component.ShortInput("")), []want{{in + "/custom_id", rules.BaseTypeRequired}}},
		{"a text input's style is short or paragraph", input(component.TextInput{CustomID: "a", Style: 3}),
			[]want{{in + "/style", rules.EnumTypeCoerce}}},
		{"min_length may be 0 and max_length 1", input(component.ShortInput("a").WithLength(0, 1)), nil},
		{"min_length is not negative", input(component.ShortInput("a").WithLength(-1, 1)),
			[]want{{in + "/min_length", rules.NumberTypeMin}}},
		{"max_length is not 0", input(component.ShortInput("a").WithLength(0, 0)),
			[]want{{in + "/max_length", rules.NumberTypeMin}}},
		{"min_length and max_length may be 4000", input(component.ShortInput("a").WithLength(4000, 4000)), nil},
		{"min_length is at most 4000", input(component.TextInput{CustomID: "a", Style: 1, MinLength: 4001}),
			[]want{{in + "/min_length", rules.NumberTypeMax}}},
		{"max_length is at most 4000", input(component.ShortInput("a").WithLength(0, 4001)),
			[]want{{in + "/max_length", rules.NumberTypeMax}}},
		{"min_length is not above max_length", input(component.ShortInput("a").WithLength(10, 9)),
			[]want{{in + "/min_length", rules.ComponentMinAboveMax}}},
		{"a value has up to 4000 characters", input(component.ParagraphInput("a").WithValue(chars(4000))), nil},
		{"a value of 4001 characters is too long", input(component.ParagraphInput("a").WithValue(chars(4001))),
			[]want{{in + "/value", rules.BaseTypeBadLength}}},
		{"a value fits min_length", input(component.ShortInput("a").WithLength(3, 5).WithValue(chars(3))), nil},
		{"a value shorter than min_length is refused", input(component.ShortInput("a").WithLength(3, 5).WithValue(chars(2))),
			[]want{{in + "/value", rules.BaseTypeBadLength}}},
		{"a value fits max_length", input(component.ShortInput("a").WithLength(3, 5).WithValue(chars(5))), nil},
		{"a value longer than max_length is refused", input(component.ShortInput("a").WithLength(3, 5).WithValue(chars(6))),
			[]want{{in + "/value", rules.BaseTypeBadLength}}},
		{"an empty value is no value", input(component.ShortInput("a").WithLength(3, 5)), nil},
		{"a placeholder has up to 100 characters", input(component.ShortInput("a").WithPlaceholder(chars(100))), nil},
		{"a placeholder of 101 characters is too long", input(component.ShortInput("a").WithPlaceholder(chars(101))),
			[]want{{in + "/placeholder", rules.BaseTypeBadLength}}},

		// file uploads
		{"a file upload takes 0 to 10 files", modal(component.Labeled("F", component.Upload("f").WithMinValues(0).WithMaxValues(10).Optional())), nil},
		{"a file upload takes at most 10 files", modal(component.Labeled("F", component.Upload("f").WithMaxValues(11))),
			[]want{{in + "/max_values", rules.NumberTypeMax}}},
		{"a file upload's min_values is not negative", modal(component.Labeled("F", component.Upload("f").WithMinValues(-1))),
			[]want{{in + "/min_values", rules.NumberTypeMin}}},
		{"a file upload's min_values is not above max_values",
			modal(component.Labeled("F", component.Upload("f").WithMinValues(10).WithMaxValues(9))),
			[]want{{in + "/min_values", rules.ComponentMinAboveMax}}},

		// raw components, as a modal read back arrives
		{"a raw modal component is checked as a typed one",
			modal(interaction.RawComponent(`{"type":18,"label":"L","component":{"type":4,"custom_id":"a","style":1,"max_length":0}}`)),
			[]want{{in + "/max_length", rules.NumberTypeMin}}},
		{"a raw modal component that does not parse is a violation",
			modal(interaction.RawComponent(`{"type":18,"label":"L","component":{"type":4,"custom_id":7}}`)),
			[]want{{in + "/custom_id", rules.ComponentMalformed}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, component.ValidateModal(tt.m), tt.want)
		})
	}
}

func TestViolationsSayWhereForAPerson(t *testing.T) {
	m := interaction.MessageData{Components: interaction.Components{
		component.Row(component.PrimaryButton("ok", "OK")),
		component.Row(component.PrimaryButton("ok", "Approve")),
		component.Row(component.Select("s", component.Option("A", "a"), component.Option("B", "a"))),
		component.Row(component.Button{Style: component.ButtonPrimary, Label: strings.Repeat("long ", 20)}),
		interaction.RawComponent(`{"type":1,"components":[{"type":2,"style":"Secret"}]}`),
	}}
	vs := component.ValidateMessage(m)
	want := []string{
		`row 2 › button "Approve": custom_id must be unique in the message; another component has it`,
		`row 3 › select "s": option 2 has the value of option 1; values must be unique`,
		`row 4 › button "long long long long long long lo…": custom_id is required on a PRIMARY button`,
		`row 4 › button "long long long long long long lo…": label must have at most 80 characters, has 100`,
		`row 5: the component does not parse: a value of the wrong kind (a string) at components/0/style`,
	}
	if len(vs) != len(want) {
		t.Fatalf("got %d violations:\n%v", len(vs), vs)
	}
	for i, v := range vs {
		if v.Error() != want[i] {
			t.Errorf("violation %d:\n got %s\nwant %s", i, v.Error(), want[i])
		}
	}
	if vs.Err() == nil || rules.Violations(nil).Err() != nil {
		t.Error("Err does not tell violations from none")
	}
	if got := strings.Count(vs.Error(), "\n"); got != len(want)-1 {
		t.Errorf("Error has %d lines, want %d", got+1, len(want))
	}
	if len(vs.Unwrap()) != len(vs) {
		t.Error("Unwrap does not return every violation")
	}
	modal := component.ValidateModal(component.Modal("", "T", component.Text("t")))
	if len(modal) != 1 || modal[0].Place != "modal" {
		t.Errorf("a rule of the modal is placed at %v", modal)
	}
}
