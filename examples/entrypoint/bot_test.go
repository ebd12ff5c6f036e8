package main

import (
	"errors"
	"slices"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// newTestBot serves the bot for an application with an Activity, the
// only kind the service takes an entry point command from.
func newTestBot(t *testing.T) *switchboardtest.Bot {
	return switchboardtest.New(t, newBot(), switchboardtest.WithEmulator(emulator.Config{Activities: true}))
}

// Registered, the bot's entry point takes the place of the service's:
// the application has one, the bot's, as declared.
func TestTheBotsEntryPointReplacesTheServices(t *testing.T) {
	bot := newTestBot(t)
	cmds, err := bot.Client.ListCommands(t.Context(), bot.Emulator.ApplicationID, command.Global, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(cmds) != 1 {
		t.Fatalf("%d commands, want the one entry point: %+v", len(cmds), cmds)
	}
	c := cmds[0]
	if c.CommandType() != interaction.CommandPrimaryEntryPoint || c.Name != "Launch" || c.Handler != interaction.HandlerApp ||
		!slices.Equal(c.Contexts, []interaction.ContextType{interaction.ContextGuild}) {
		t.Errorf("the entry point is %+v", c)
	}
}

func TestGameNightLaunchesInAVoiceChannelOnly(t *testing.T) {
	bot := newTestBot(t)
	lounge, err := bot.Emulator.FindChannel(bot.Guild, "#Lounge")
	if err != nil {
		t.Fatal(err)
	}
	text := bot.Launch("Launch")
	if want := "Game night happens in a voice channel: join the Lounge and launch it there."; text.Content() != want || !text.Ephemeral() {
		t.Errorf("in #general: %q, want %q, ephemeral\n%s", text.Content(), want, text)
	}
	if x := bot.Launch("Launch", switchboardtest.InChannel(lounge)); x.Answer().Type != interaction.CallbackLaunchActivity {
		t.Errorf("in the Lounge the bot answered %v\n%s", x.Answer().Type, x)
	}
}

func TestTheEntryPointIsNeitherTypedNorInDirectMessages(t *testing.T) {
	bot := newTestBot(t)
	if _, err := bot.TryCommand("/Launch"); !errors.Is(err, emulator.ErrUnknownCommand) {
		t.Errorf("/Launch typed: %v", err)
	}
	launch := emulator.Invocation{Command: "Launch", Type: interaction.CommandPrimaryEntryPoint}
	if _, err := bot.TryInvoke(launch, switchboardtest.InDM()); !errors.Is(err, emulator.ErrUnknownCommand) {
		t.Errorf("launched in direct messages: %v", err)
	}
}

// With the service's handler, the service launches the Activity itself
// and the bot hears nothing; given back to the bot, the command changed,
// and a client that knew it reloads it once.
func TestOnlyTheBotsHandlerAsksTheBot(t *testing.T) {
	bot := newTestBot(t)
	app := bot.Emulator.ApplicationID
	if err := setHandler(t.Context(), bot.Client, app, interaction.HandlerServiceLaunchActivity); err != nil {
		t.Fatal(err)
	}
	theirs := bot.Launch("Launch")
	if !theirs.Result.Launched || theirs.Interaction() != nil {
		t.Errorf("the service's own launch asked the bot\n%s", theirs)
	}
	// The service posted its message about the launch.
	if l := bot.Emulator.Launches(); len(l) != 1 || !l[0].Launched || len(l[0].Followups) != 1 {
		t.Errorf("the service's launches: %+v, want one with its message", l)
	}

	if err := setHandler(t.Context(), bot.Client, app, interaction.HandlerApp); err != nil {
		t.Fatal(err)
	}
	launch := emulator.Invocation{Command: "Launch", Type: interaction.CommandPrimaryEntryPoint}
	if _, err := bot.TryInvoke(launch); !errors.Is(err, emulator.ErrStale) {
		t.Errorf("the first launch after the change: %v, want the client to reload the command", err)
	}
	ours := bot.Launch("Launch")
	if ours.Result.Launched || ours.Answer().Type != interaction.CallbackChannelMessageWithSource {
		t.Errorf("the bot's launch: launched by the service %v, answered %v\n%s", ours.Result.Launched, ours.Answer().Type, ours)
	}
	if n := len(bot.Emulator.Launches()); n != 1 {
		t.Errorf("the service launched %d times, want once", n)
	}
}
