package component_test

import (
	"strconv"
	"testing"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

// typical is a message as bots send them: a row of five buttons, a string
// select of ten options, a user select, a role select and a row of a link
// and two buttons.
func typical() interaction.MessageData {
	five := make([]interaction.Component, 5)
	for i := range five {
		five[i] = component.SecondaryButton("page:"+strconv.Itoa(i), "Page "+strconv.Itoa(i+1))
	}
	opts := make([]component.SelectOption, 10)
	for i := range opts {
		opts[i] = component.Option("Option "+strconv.Itoa(i), "v"+strconv.Itoa(i)).WithDescription("A choice")
	}
	return interaction.MessageData{Content: "Pick", Components: interaction.Components{
		component.Row(five...),
		component.Row(component.Select("pick", opts...).WithPlaceholder("Choose").WithMaxValues(3)),
		component.Row(component.SelectUsers("who").WithMaxValues(5)),
		component.Row(component.SelectRoles("roles").WithMinValues(0)),
		component.Row(component.LinkButton("https://example.com/help", "Help"),
			component.SuccessButton("ok", "OK").WithEmoji(component.Emoji("✅")), component.DangerButton("cancel", "Cancel")),
	}}
}

func BenchmarkValidateMessage(b *testing.B) {
	m := typical()
	if vs := component.ValidateMessage(m); vs != nil {
		b.Fatal(vs)
	}
	b.ReportAllocs()
	for b.Loop() {
		component.ValidateMessage(m)
	}
}

// BenchmarkValidateMessageRaw validates the same message as it arrives on
// an interaction: its components raw, parsed first.
func BenchmarkValidateMessageRaw(b *testing.B) {
	body, err := jsonv2.Marshal(typical())
	if err != nil {
		b.Fatal(err)
	}
	var m interaction.MessageData
	if err := jsonv2.Unmarshal(body, &m); err != nil {
		b.Fatal(err)
	}
	if vs := component.ValidateMessage(m); vs != nil {
		b.Fatal(vs)
	}
	b.ReportAllocs()
	for b.Loop() {
		component.ValidateMessage(m)
	}
}

func TestValidatingATypedMessageAllocatesNothing(t *testing.T) {
	m := typical()
	if n := testing.AllocsPerRun(100, func() { component.ValidateMessage(m) }); n != 0 {
		t.Errorf("ValidateMessage allocates %v times on a valid message", n)
	}
}
