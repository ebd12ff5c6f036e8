package main

import (
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/webtest"
	"github.com/switchboard-go/switchboard/internal/browsertest"
)

func TestTheEntryPointIsUsedFromTheAppLauncher(t *testing.T) {
	t.Parallel()
	b := browsertest.Start(t)
	p := b.Open(t, webtest.Serve(t, example))

	// In a text channel the bot answers that game night is elsewhere.
	// The launcher is used from the keyboard: Enter opens its menu, with
	// the focus on its first item, and Enter takes it.
	p.Role("button", "App Launcher").Press("Enter")
	p.Role("menu", "App Launcher").Role("menuitem", "Launch").WaitText("Launch")
	p.Press("Enter")
	p.WaitText("log", "Channel", "Game night happens in a voice channel")

	// In a voice channel it launches its Activity, which the channel
	// does not show.
	p.Role("combobox", "Channel").Select("#Lounge")
	p.Role("button", "App Launcher").Click()
	p.Role("menu", "App Launcher").Role("menuitem", "Launch").Click()
	p.WaitText("alert", "", "The bot launched its Activity.")

	// The entry point is for guilds only: in direct messages the
	// launcher is gone.
	p.Role("combobox", "Guild").Select("Direct messages with Emulator-bot")
	p.Role("button", "App Launcher").WaitGone()

	if ext := p.ExternalRequests(); len(ext) > 0 {
		t.Errorf("the page requested other hosts than its own: %q", ext)
	}
}
