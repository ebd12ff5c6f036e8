package component_test

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestWalkVisitsEveryComponentWithItsPath(t *testing.T) {
	cs := []interaction.Component{
		component.TextDisplay{Content: "top"},
		interaction.RawComponent(`{"type":17,"components":[{"type":9,"components":[{"type":10,"content":"t"}],"accessory":{"type":2,"style":1,"custom_id":"go","label":"Go"}},{"type":1,"components":[{"type":2,"style":5,"url":"https://example.com","label":"L"}]}]}`),
		component.Label{Label: "Name", Component: component.TextInput{CustomID: "name", Style: component.TextInputShort}},
		interaction.RawComponent(`{"type":99}`),
	}
	want := []struct {
		path component.Path
		t    interaction.ComponentType
	}{
		{"/components/0", interaction.ComponentTextDisplay},
		{"/components/1", interaction.ComponentContainer},
		{"/components/1/components/0", interaction.ComponentSection},
		{"/components/1/components/0/components/0", interaction.ComponentTextDisplay},
		{"/components/1/components/0/accessory", interaction.ComponentButton},
		{"/components/1/components/1", interaction.ComponentActionRow},
		{"/components/1/components/1/components/0", interaction.ComponentButton},
		{"/components/2", interaction.ComponentLabel},
		{"/components/2/component", interaction.ComponentTextInput},
		{"/components/3", 99},
	}
	i := 0
	for p, c := range component.Walk(cs) {
		if i >= len(want) {
			t.Fatalf("extra component %s at %s", c.ComponentType(), p)
		}
		if p != want[i].path || c.ComponentType() != want[i].t {
			t.Errorf("step %d: %s at %s, want %s at %s", i, c.ComponentType(), p, want[i].t, want[i].path)
		}
		i++
	}
	if i != len(want) {
		t.Fatalf("walked %d components, want %d", i, len(want))
	}

	c, p, ok := component.Find(cs, "go")
	if !ok || p != "/components/1/components/0/accessory" || c.(component.Button).Label != "Go" {
		t.Errorf("Find(go) = %v, %q, %v", c, p, ok)
	}
	if _, p, ok := component.Find(cs, "name"); !ok || p != "/components/2/component" {
		t.Errorf("Find(name) = %q, %v", p, ok)
	}
	inputs := []interaction.Component{
		component.Labeled("R", component.Radio("r", choices(2)...)),
		interaction.RawComponent(`{"type":18,"label":"G","component":{"type":22,"custom_id":"g","options":[{"value":"a","label":"A"}]}}`),
		component.Labeled("C", component.CheckboxInput("c")),
	}
	for i, id := range []string{"r", "g", "c"} {
		c, p, ok := component.Find(inputs, id)
		if want := component.Path("/components/" + strconv.Itoa(i) + "/component"); !ok || p != want {
			t.Errorf("Find(%s) = %q, %v; want %s", id, p, ok, want)
			continue
		}
		if got, _ := component.CustomID(c); got != id {
			t.Errorf("CustomID of the %s found = %q", c.ComponentType(), got)
		}
	}
	if _, _, ok := component.Find(cs, ""); ok {
		t.Error("Find(\"\") finds a link button, which has no custom_id")
	}
	if _, _, ok := component.Find(cs, "absent"); ok {
		t.Error("Find(absent) finds something")
	}
}

func TestWalkStopsWhenTheLoopBreaks(t *testing.T) {
	cs := []interaction.Component{
		component.ActionRow{Components: []interaction.Component{component.Button{CustomID: "a"}, component.Button{CustomID: "b"}}},
		component.TextDisplay{},
	}
	n := 0
	for _, c := range component.Walk(cs) {
		n++
		if id, _ := component.CustomID(c); id == "a" {
			break
		}
	}
	if n != 2 {
		t.Fatalf("visited %d components before stopping, want 2", n)
	}
}

// TestNumericIDReadsTheIDOfEveryComponentType compares NumericID with the
// ID field of each component of everyKind, which numbers one of each type.
func TestNumericIDReadsTheIDOfEveryComponentType(t *testing.T) {
	numbered := map[interaction.ComponentType]bool{}
	for p, c := range component.Walk(everyKind()) {
		want := int(reflect.ValueOf(c).FieldByName("ID").Int())
		id, ok := component.NumericID(c)
		if id != want || ok != (want != 0) {
			t.Errorf("NumericID of the %s at %s = %d, %v; want %d, %v", c.ComponentType(), p, id, ok, want, want != 0)
		}
		if ok {
			numbered[c.ComponentType()] = true
		}
	}
	for _, ct := range []interaction.ComponentType{
		interaction.ComponentActionRow, interaction.ComponentButton, interaction.ComponentStringSelect,
		interaction.ComponentTextInput, interaction.ComponentUserSelect, interaction.ComponentRoleSelect,
		interaction.ComponentMentionableSelect, interaction.ComponentChannelSelect, interaction.ComponentSection,
		interaction.ComponentTextDisplay, interaction.ComponentThumbnail, interaction.ComponentMediaGallery,
		interaction.ComponentFile, interaction.ComponentSeparator, interaction.ComponentContainer,
		interaction.ComponentLabel, interaction.ComponentFileUpload, interaction.ComponentRadioGroup,
		interaction.ComponentCheckboxGroup, interaction.ComponentCheckbox,
	} {
		if !numbered[ct] {
			t.Errorf("no %s of everyKind has an id: NumericID is not tested on it", ct)
		}
	}
}

func TestNumericIDDoesNotReadRawComponents(t *testing.T) {
	for _, c := range []interaction.Component{nil, interaction.RawComponent(`{"type":10,"id":3,"content":"t"}`)} {
		if id, ok := component.NumericID(c); id != 0 || ok {
			t.Errorf("NumericID(%v) = %d, %v; want 0, false", c, id, ok)
		}
	}
}
