package main

import (
	"slices"
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/webtest"
	"github.com/switchboard-go/switchboard/internal/browsertest"
)

func TestAppsAreUsedFromTheMenusOfMessagesAndMembers(t *testing.T) {
	t.Parallel()
	b := browsertest.Start(t)
	p := b.Open(t, webtest.Serve(t, example))
	box := p.Role("textbox", "Message")

	box.Type(`/post text:"Hello there"` + "\n")
	p.WaitText("log", "Channel", "Hello there")

	// A message's menu lists the MESSAGE commands, and only those.
	p.Role("button", "Apps").Click()
	menu := p.Role("menu", "Apps for the message")
	if got := menu.MenuItems(); !slices.Equal(got, []string{"Quote Message"}) {
		t.Errorf("a message's apps: %q, want [Quote Message]", got)
	}
	menu.Role("menuitem", "Quote Message").Click()
	p.WaitText("log", "Channel", "— Emulator-bot, 2 words")

	// A member's menu lists the USER commands.
	p.Role("list", "Members").Role("button", "Bob").Click()
	p.Role("menu", "Apps for Bob").Role("menuitem", "Show Profile").Click()
	p.WaitText("log", "Channel", "Bob (@bob) · joined")

	if ext := p.ExternalRequests(); len(ext) > 0 {
		t.Errorf("the page requested other hosts than its own: %q", ext)
	}
}
