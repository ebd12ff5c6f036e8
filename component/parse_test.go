package component_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

// secret stands for the text of a message, which errors must never show.
const secret = "Secret"

func TestParseSaysWhereAComponentIsWrongWithoutQuotingIt(t *testing.T) {
	tests := []struct {
		name    string
		json    string
		pointer string
		kind    error
	}{
		{"a component without a type", `{"label":"Secret"}`, "", component.ErrMalformed},
		{"a type the service does not define", `{"type":99,"label":"Secret"}`, "/type", component.ErrUnknownType},
		{"a component that is not an object", `["Secret"]`, "", component.ErrMalformed},
		{"text that is not JSON", `{"type":2,"label":"Secret`, "/label", component.ErrMalformed},
		{"a label that is a number", `{"type":2,"label":12}`, "/label", component.ErrMalformed},
		{"a field of the wrong kind in a nested button",
			`{"type":1,"components":[{"type":2,"label":"Secret"},{"type":2,"disabled":"Secret"}]}`,
			"/components/1/disabled", component.ErrMalformed},
		{"an unknown type in a row", `{"type":1,"components":[{"type":2},{"type":99}]}`, "/components/1/type", component.ErrUnknownType},
		{"a row of things that are not components", `{"type":1,"components":["Secret"]}`, "/components", component.ErrMalformed},
		{"a section's accessory of an unknown type",
			`{"type":9,"components":[{"type":10,"content":"Secret"}],"accessory":{"type":0}}`, "/accessory/type", component.ErrUnknownType},
		{"a label's component without a type", `{"type":18,"label":"Secret","component":{"style":1}}`, "/component", component.ErrMalformed},
		{"a container's row's button of the wrong kind",
			`{"type":17,"components":[{"type":1,"components":[{"type":2,"style":"Secret"}]}]}`,
			"/components/0/components/0/style", component.ErrMalformed},
		{"a radio option's default that is not a boolean",
			`{"type":21,"custom_id":"r","options":[{"value":"Secret","label":"Secret","default":"Secret"}]}`, "/options/0/default", component.ErrMalformed},
		{"a checkbox group's options that are not a list", `{"type":22,"custom_id":"g","options":{"value":"Secret"}}`,
			"/options", component.ErrMalformed},
		{"a checkbox's required that is not a boolean", `{"type":23,"custom_id":"c","required":"Secret"}`, "/required", component.ErrMalformed},
		{"a checkbox's default that is not a boolean", `{"type":23,"custom_id":"c","default":"Secret"}`, "/default", component.ErrMalformed},
		{"file types that are not strings", `{"type":19,"custom_id":"f","file_types":[1,"Secret"]}`, "/file_types/0", component.ErrMalformed},
		{"a label's radio group of the wrong kind", `{"type":18,"label":"Secret","component":{"type":21,"options":"Secret"}}`,
			"/component/options", component.ErrMalformed},
		{"a snowflake that is not one", `{"type":2,"style":6,"sku_id":"Secret"}`, "/sku_id", component.ErrMalformed},
		{"a field named by the input is not echoed", `{"type":2,"Secret":1,"Secret":2}`, "", component.ErrMalformed},
		{"rows nested deeper than any layout", strings.Repeat(`{"type":1,"components":[`, 12) + strings.Repeat(`]}`, 12),
			"/components/0/components/0/components/0/components/0/components/0/components/0/components/0/components/0/components/0",
			component.ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := component.Parse(interaction.RawComponent(tt.json))
			var pe *component.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%s) = %v, want a *ParseError", tt.json, err)
			}
			if pe.Pointer != tt.pointer {
				t.Errorf("pointer %q, want %q (%v)", pe.Pointer, tt.pointer, err)
			}
			if !errors.Is(err, tt.kind) {
				t.Errorf("%v does not match %v", err, tt.kind)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("the error quotes the input: %v", err)
			}
		})
	}
}

func TestParseAllNamesTheIndexOfTheComponentAtFault(t *testing.T) {
	cs := interaction.Components{
		interaction.RawComponent(`{"type":10,"content":"ok"}`),
		interaction.RawComponent(`{"type":1,"components":[{"type":3,"options":{}}]}`),
	}
	_, err := component.ParseAll(cs)
	var pe *component.ParseError
	if !errors.As(err, &pe) || pe.Pointer != "/1/components/0/options" {
		t.Fatalf("ParseAll = %v, want the pointer /1/components/0/options", err)
	}
	if want := "component: /1/components/0/options: a value of the wrong kind (an object)"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

func TestATypeThatDecodesItselfRefusesAnotherType(t *testing.T) {
	var b component.Button
	err := b.UnmarshalJSON([]byte(`{"type":3,"custom_id":"s"}`))
	if !errors.Is(err, component.ErrMalformed) || !strings.Contains(err.Error(), "STRING_SELECT") {
		t.Fatalf("got %v", err)
	}
}

func TestTheModalInputsRefuseAnotherType(t *testing.T) {
	var r component.RadioGroup
	if err := r.UnmarshalJSON([]byte(`{"type":22,"custom_id":"g"}`)); !errors.Is(err, component.ErrMalformed) ||
		!strings.Contains(err.Error(), "CHECKBOX_GROUP") {
		t.Errorf("a radio group decodes a checkbox group: %v", err)
	}
	var g component.CheckboxGroup
	if err := g.UnmarshalJSON([]byte(`{"type":23,"custom_id":"c"}`)); !errors.Is(err, component.ErrMalformed) {
		t.Errorf("a checkbox group decodes a checkbox: %v", err)
	}
	var c component.Checkbox
	if err := c.UnmarshalJSON([]byte(`{"type":21,"custom_id":"r"}`)); !errors.Is(err, component.ErrMalformed) {
		t.Errorf("a checkbox decodes a radio group: %v", err)
	}
	if err := c.UnmarshalJSON([]byte(`{"type":23,"id":4,"custom_id":"c","default":true}`)); err != nil || c.ID != 4 || !c.Default {
		t.Errorf("a checkbox decodes as %+v, %v", c, err)
	}
}

func TestParsePassesTypedComponentsThroughAndParsesRawOnesInside(t *testing.T) {
	button := component.Button{Style: component.ButtonPrimary, Label: "A", CustomID: "a"}
	if got, err := component.Parse(button); err != nil || got != button {
		t.Fatalf("Parse(button) = %v, %v", got, err)
	}
	row := component.ActionRow{Components: []interaction.Component{
		button,
		interaction.RawComponent(`{"type":2,"style":2,"label":"B","custom_id":"b"}`),
	}}
	got, err := component.Parse(row)
	if err != nil {
		t.Fatal(err)
	}
	want := component.ActionRow{Components: []interaction.Component{
		button,
		component.Button{Style: component.ButtonSecondary, Label: "B", CustomID: "b"},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v", got)
	}
	if _, ok := row.Components[1].(interaction.RawComponent); !ok {
		t.Fatal("Parse modified the row it was given")
	}
}

// selfish is a component of another package: it is read through its JSON.
type selfish struct{ Content string }

func (selfish) ComponentType() interaction.ComponentType { return interaction.ComponentTextDisplay }
func (s selfish) MarshalJSON() ([]byte, error) {
	return []byte(`{"type":10,"content":"` + s.Content + `"}`), nil
}

func TestParseReadsOtherImplementationsThroughTheirJSON(t *testing.T) {
	got, err := component.Parse(selfish{Content: "hi"})
	if err != nil || got != (component.TextDisplay{Content: "hi"}) {
		t.Fatalf("got %#v, %v", got, err)
	}
	ptr := &component.Button{Style: component.ButtonPrimary, CustomID: "p", Label: "P"}
	got, err = component.Parse(ptr)
	if err != nil || got != *ptr {
		t.Fatalf("a *Button parses to %#v, %v", got, err)
	}
}

func TestParseStopsAtACycleOfGoValues(t *testing.T) {
	kids := make([]interaction.Component, 1)
	kids[0] = component.ActionRow{Components: kids}
	if _, err := component.Parse(kids[0]); !errors.Is(err, component.ErrMalformed) {
		t.Fatalf("got %v", err)
	}
	n := 0
	for range component.Walk(kids) {
		n++
	}
	if n == 0 || n > 20 {
		t.Fatalf("Walk yields %d components of a cycle", n)
	}
}
