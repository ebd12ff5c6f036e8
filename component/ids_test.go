package component_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

// idsOf returns the id of each component of cs numbered, by its path.
func idsOf(t *testing.T, cs []interaction.Component) map[component.Path]int {
	t.Helper()
	numbered, err := component.Numbered(cs)
	if err != nil {
		t.Fatal(err)
	}
	ids := make(map[component.Path]int)
	for p, c := range component.Walk(numbered) {
		ids[p], _ = component.NumericID(c)
	}
	return ids
}

func TestNumberedNumbersComponentsAsTheServiceDoes(t *testing.T) {
	tests := []struct {
		name string
		cs   []interaction.Component
		want map[component.Path]int
	}{
		{"a label is numbered 1 and its input 2, as in the service's examples",
			[]interaction.Component{component.Labeled("Class", component.Radio("class", choices(2)...))},
			map[component.Path]int{"/components/0": 1, "/components/0/component": 2}},
		{"parents come before what they hold, in the order of the JSON",
			[]interaction.Component{
				component.Labeled("A", component.ShortInput("a")),
				component.Text("t"),
				component.Labeled("B", component.CheckboxInput("b")),
			},
			map[component.Path]int{"/components/0": 1, "/components/0/component": 2, "/components/1": 3,
				"/components/2": 4, "/components/2/component": 5}},
		{"numbers the bot gave are kept and skipped",
			[]interaction.Component{
				component.Label{Label: "A", Component: component.TextInput{ID: 1, CustomID: "a", Style: 1}},
				component.Label{ID: 3, Label: "B", Component: component.Checkbox{CustomID: "b"}},
			},
			map[component.Path]int{"/components/0": 2, "/components/0/component": 1, "/components/1": 3,
				"/components/1/component": 4}},
		{"a number given later in the body is skipped too",
			[]interaction.Component{component.Text("a"), component.TextDisplay{ID: 2, Content: "b"}, component.Text("c")},
			map[component.Path]int{"/components/0": 1, "/components/1": 2, "/components/2": 3}},
		{"an id of 0 is unset",
			[]interaction.Component{component.TextDisplay{ID: 0, Content: "a"}, component.TextDisplay{ID: 1, Content: "b"}},
			map[component.Path]int{"/components/0": 2, "/components/1": 1}},
		{"a message's rows, sections and containers are numbered the same way",
			[]interaction.Component{
				component.Row(component.Button{ID: 2, Style: 1, CustomID: "a", Label: "A"}, component.PrimaryButton("b", "B")),
				component.Box(component.Beside(component.Image("https://example.com/a.png"), "t")),
			},
			map[component.Path]int{"/components/0": 1, "/components/0/components/0": 2, "/components/0/components/1": 3,
				"/components/1": 4, "/components/1/components/0": 5, "/components/1/components/0/components/0": 6,
				"/components/1/components/0/accessory": 7}},
		{"raw components are read",
			[]interaction.Component{interaction.RawComponent(`{"type":18,"id":1,"label":"L","component":{"type":23,"custom_id":"c"}}`)},
			map[component.Path]int{"/components/0": 1, "/components/0/component": 2}},
		{"nothing to number", nil, map[component.Path]int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := idsOf(t, tt.cs); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestNumberedSetsTheIDsAndLeavesTheOriginal(t *testing.T) {
	row := component.Row(component.PrimaryButton("a", "A"), interaction.RawComponent(`{"type":2,"style":2,"custom_id":"b","label":"B"}`))
	cs := []interaction.Component{
		component.Labeled("L", component.Checkboxes("g", choices(2)...)),
		row,
		component.Box(component.Text("t"), component.Beside(component.PrimaryButton("c", "C"), "u")),
		component.Section{ID: 9, Components: []interaction.Component{component.Text("v")}},
	}
	got, err := component.Numbered(cs)
	if err != nil {
		t.Fatal(err)
	}
	want := []interaction.Component{
		component.Label{ID: 1, Label: "L", Component: component.CheckboxGroup{ID: 2, CustomID: "g", Options: choices(2)}},
		component.ActionRow{ID: 3, Components: []interaction.Component{
			component.Button{ID: 4, Style: component.ButtonPrimary, CustomID: "a", Label: "A"},
			component.Button{ID: 5, Style: component.ButtonSecondary, CustomID: "b", Label: "B"},
		}},
		component.Container{ID: 6, Components: []interaction.Component{
			component.TextDisplay{ID: 7, Content: "t"},
			component.Section{ID: 8, Components: []interaction.Component{component.TextDisplay{ID: 10, Content: "u"}},
				Accessory: component.Button{ID: 11, Style: component.ButtonPrimary, CustomID: "c", Label: "C"}},
		}},
		component.Section{ID: 9, Components: []interaction.Component{component.TextDisplay{ID: 12, Content: "v"}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %#v\nwant %#v", got, want)
	}
	if id, _ := component.NumericID(cs[0]); id != 0 {
		t.Error("Numbered changed the label it was given")
	}
	if _, raw := row.Components[1].(interaction.RawComponent); !raw {
		t.Error("Numbered changed the row it was given")
	}
	if ids := idsOf(t, got); !reflect.DeepEqual(ids, idsOf(t, cs)) {
		t.Errorf("numbered components are numbered again otherwise: %v", ids)
	}
}

func TestNumberedRefusesWhatDoesNotParse(t *testing.T) {
	_, err := component.Numbered([]interaction.Component{component.Text("a"), interaction.RawComponent(`{"type":99}`)})
	var pe *component.ParseError
	if !errors.As(err, &pe) || pe.Pointer != "/1/type" {
		t.Fatalf("got %v", err)
	}
}
