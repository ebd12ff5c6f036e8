package main

import (
	"errors"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// The service holds the context-menu commands as names alone: capitals
// and spaces kept, no description, no options.
func TestTheMenusCommandsAreNamesAlone(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	cmds, err := bot.Client.ListCommands(t.Context(), bot.Emulator.ApplicationID, command.Global, true)
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]interaction.CommandType{}
	for _, c := range cmds {
		types[c.Name] = c.CommandType()
		menu := c.CommandType() == interaction.CommandUser || c.CommandType() == interaction.CommandMessage
		if menu && (c.Description != "" || len(c.DescriptionLocalizations) > 0 || len(c.Options) > 0) {
			t.Errorf("%s %q has a description or options: %+v", c.CommandType(), c.Name, c)
		}
	}
	if types["Show Profile"] != interaction.CommandUser || types["Quote Message"] != interaction.CommandMessage || types["post"] != interaction.CommandChatInput {
		t.Errorf("the service holds %v", types)
	}
}

func TestAMessageIsQuotedWithItsAuthorAndWords(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	tests := []struct{ text, want string }{
		{`"Menus are one right-click away"`, "> Menus are one right-click away\n— Emulator-bot, 5 words"},
		{"Hello", "> Hello\n— Emulator-bot, 1 word"},
	}
	for _, tt := range tests {
		post := bot.Command("/post text:" + tt.text)
		quote := bot.MessageCommand("Quote Message", post.Message().ID)
		if got := quote.Content(); got != tt.want {
			t.Errorf("quoting %s: %q, want %q\n%s", tt.text, got, tt.want, quote)
		}
		// The service sends the id of the message the menu was used on,
		// and the message itself, resolved.
		data := quote.Interaction().Data
		if data.Type != interaction.CommandMessage || data.TargetID != post.Message().ID {
			t.Errorf("the command was not used on the posted message: %+v", data)
		}
		if m, ok := data.Resolved.Message(post.Message().ID); !ok || m.Content != post.Content() {
			t.Errorf("the posted message is not resolved: %+v", data.Resolved)
		}
	}
}

func TestAProfileSaysWhatTheMemberMayDo(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	tests := []struct {
		name   string
		target interaction.Snowflake
		who    []switchboardtest.Who
		want   string
	}{
		{"a plain member", bot.Member, nil, "Bob (@bob) · joined 30 days ago · 0 roles · cannot ban members here"},
		{"a moderator", bot.Moderator, nil, "Ada (@ada) · joined 30 days ago · 1 role · can ban members here"},
		{"the bot, where there is no guild", bot.Emulator.ApplicationID, []switchboardtest.Who{switchboardtest.InDM()},
			"Emulator-bot (@emulator-bot), a bot · no membership: not used in a guild"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := bot.UserCommand("Show Profile", tt.target, tt.who...)
			if got := x.Content(); got != tt.want || !x.Ephemeral() {
				t.Errorf("%q, want %q, ephemeral\n%s", got, tt.want, x)
			}
			if data := x.Interaction().Data; data.Type != interaction.CommandUser || data.TargetID != tt.target {
				t.Errorf("the command was not used on %v: %+v", tt.target, data)
			}
		})
	}
}

// Each menu lists the commands of its type only.
func TestAMembersMenuHasNoMessageCommand(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	_, err := bot.TryInvoke(emulator.Invocation{Command: "Quote Message", Type: interaction.CommandUser, Target: bot.Member})
	if !errors.Is(err, emulator.ErrUnknownCommand) {
		t.Errorf("a member's menu offered Quote Message: %v", err)
	}
}
