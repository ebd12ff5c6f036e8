package emulator_test

import (
	"errors"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// A user's reaction is taken back as the service lets them, and MessageIn
// shows a message as the channel does, the user's direct messages with
// the bot included.
func TestUnreactAndMessageIn(t *testing.T) {
	emu, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer emu.Close()
	var general interaction.Snowflake
	for _, c := range emu.Guilds()[0].Channels {
		if c.Name == "general" {
			general = c.ID
		}
	}
	m, err := emu.PostMessage(emu.Member, general, interaction.MessageData{Content: "tea?"})
	if err != nil {
		t.Fatal(err)
	}
	for _, user := range []interaction.Snowflake{emu.Member, emu.Admin} {
		if err := emu.React(user, general, m.ID, "🍵"); err != nil {
			t.Fatal(err)
		}
	}
	reactions := func() []emulator.Reaction {
		t.Helper()
		got, ok := emu.MessageIn(general, m.ID)
		if !ok || got.Data.Content != "tea?" || got.Author != emu.Member {
			t.Fatalf("MessageIn: %+v %v", got, ok)
		}
		return got.Reactions
	}
	tests := []struct {
		name    string
		user    interaction.Snowflake
		channel interaction.Snowflake
		message interaction.Snowflake
		emoji   string
		err     error
		users   int // who reacted with 🍵 after
	}{
		{"bob takes his back", emu.Member, general, m.ID, "🍵", nil, 1},
		{"bob again, which changes nothing", emu.Member, general, m.ID, "🍵", nil, 1},
		{"an emoji nobody reacted with", emu.Admin, general, m.ID, "👍", nil, 1},
		{"no emoji", emu.Admin, general, m.ID, "tea", emulator.ErrInvalidInput, 1},
		{"no such message", emu.Admin, general, 1, "🍵", emulator.ErrUnknownMessage, 1},
		{"no such channel", emu.Admin, 1, m.ID, "🍵", emulator.ErrUnknownTarget, 1},
		{"no such user", 1, general, m.ID, "🍵", emulator.ErrUnknownTarget, 1},
		{"the owner takes theirs back, and the reaction goes", emu.Admin, general, m.ID, "🍵", nil, 0},
	}
	for _, tt := range tests {
		err := emu.Unreact(tt.user, tt.channel, tt.message, tt.emoji)
		if (tt.err == nil) != (err == nil) || (tt.err != nil && !errors.Is(err, tt.err)) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.err)
		}
		n := 0
		if got := reactions(); len(got) > 0 {
			n = len(got[0].Users)
		}
		if n != tt.users {
			t.Errorf("%s: %d reacted with 🍵, want %d", tt.name, n, tt.users)
		}
	}
	if _, ok := emu.MessageIn(general+1, m.ID); ok {
		t.Error("MessageIn finds the message in another channel")
	}

	// The user's direct messages with the bot.
	dm, err := emu.PostMessage(emu.Member, emu.DirectChannel(emu.Member), interaction.MessageData{Content: "hello, bot"})
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := emu.MessageIn(emu.DirectChannel(emu.Member), dm.ID); !ok || got.ChannelID != emu.DirectChannel(emu.Member) {
		t.Errorf("the direct message: %+v %v", got, ok)
	}
}
