package caption_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/caption"
)

func TestOfIsWhatTheClientShowsOnAComponent(t *testing.T) {
	tests := []struct {
		c    interaction.Component
		want string
	}{
		{component.PrimaryButton("yes", "Yes"), "Yes"},
		{component.Select("colour", component.Option("Red", "red")).WithPlaceholder("Colour"), "Colour"},
		{component.SelectUsers("who").WithPlaceholder("Who"), "Who"},
		{component.SelectRoles("role").WithPlaceholder("Role"), "Role"},
		{component.SelectMentionables("m").WithPlaceholder("Anyone"), "Anyone"},
		{component.SelectChannels("c").WithPlaceholder("Where"), "Where"},
		{component.ShortInput("title").WithLabel("Title"), "Title"},
		{component.SelectUsers("who"), ""},
		{component.Radio("r", component.Choice("A", "a"), component.Choice("B", "b")), ""},
		{component.CheckboxInput("c"), ""},
		{component.Text("hello"), ""},
		{interaction.RawComponent(`{"type":2,"style":1,"label":"Raw","custom_id":"r"}`), ""},
	}
	for _, tt := range tests {
		if got := caption.Of(tt.c); got != tt.want {
			t.Errorf("Of(%#v) = %q; want %q", tt.c, got, tt.want)
		}
	}
}
