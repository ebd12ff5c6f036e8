package web_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/browsertest"
)

// What the bot did beyond its answers is on the page, found by the names
// a screen reader user hears: its post, pinned, with its reaction, which
// the user presses too and takes back; its reply, saying what it
// answers; the thread it started, which the user goes into from the post
// or from the Channel picker and uses commands in; its direct message;
// the member it timed out.
func testThePageShowsWhatTheBotDid(t *testing.T, b *browsertest.Browser) {
	p := startActingPlayground(t)
	page := b.Open(t, p.url)
	page.Role("textbox", "Message").Type("/act\n\n") // the first Enter picks the suggestion
	channel := page.Role("log", "Channel")
	channel.WaitText("Done.")
	channel.WaitText("Read the rules first.")
	text := channel.Text()
	for _, want := range []string{"Welcome, everyone.", "Pinned", "Replying to Emulator-bot: Welcome, everyone."} {
		if !strings.Contains(text, want) {
			t.Errorf("the channel shows %q, without %q", text, want)
		}
	}
	if n := strings.Count(text, "used /"); n != 1 {
		t.Errorf("%d messages shown as commands used, want the answer to /act alone: %q", n, text)
	}

	// The bot's reaction; the user adds theirs, and takes it back.
	pressed := func(name string) string {
		var got string
		page.Eval(`document.querySelector('[aria-label="`+name+`"]').getAttribute("aria-pressed")`, &got)
		return got
	}
	reactions := channel.Role("group", "Reactions")
	reactions.Role("button", "👍 1 reaction").Click()
	reactions.Role("button", "👍 2 reactions").WaitText("👍 2")
	if got := pressed("👍 2 reactions"); got != "true" {
		t.Errorf("after the user reacted, the reaction is pressed %q", got)
	}
	reactions.Role("button", "👍 2 reactions").Click()
	reactions.Role("button", "👍 1 reaction").WaitText("👍 1")
	if got := pressed("👍 1 reaction"); got != "false" {
		t.Errorf("after the user took it back, the reaction is pressed %q", got)
	}

	// bob is timed out; the Members list says until when.
	members := page.Role("list", "Members")
	members.WaitText("timed out until")
	if got := members.Text(); !strings.Contains(got, "Moderator") {
		t.Errorf("the members: %q, without ada's role", got)
	}
	if n := members.Role("time", "").Count(); n != 1 {
		t.Errorf("%d times in the members, want bob's timeout", n)
	}

	// Into the thread, from the post.
	if opts := page.Role("combobox", "Channel").Options(); !slices.Contains(opts, "#general › Tea thread") {
		t.Errorf("the Channel picker offers %q, without the thread", opts)
	}
	channel.Role("button", "Thread Tea thread, 1 message").Click()
	page.Role("heading", "#general › Tea thread in Emulator Guild").WaitText("Tea thread")
	channel.WaitText("Tea is ready.")
	channel.WaitText("The thread started from a message of Emulator-bot in #general: Welcome, everyone.")
	page.Role("textbox", "Message").Type("/export\n\n")
	channel.WaitText("This week's scores")

	// The bot's direct message.
	page.Role("combobox", "Guild").Select("Direct messages with Emulator-bot")
	channel.WaitText("A word in private.")
}

// A ban the bot makes is in the Bans list as it is made, and the member
// leaves the Members list; a reaction the service refuses is said.
func testThePageShowsABanAndARefusedReaction(t *testing.T, b *browsertest.Browser) {
	p := startActingPlayground(t)
	page := b.Open(t, p.url+"?user="+p.emu.Member.String())
	channel := page.Role("log", "Channel")
	bans := page.Role("list", "Bans")
	bans.WaitText("Nobody is banned.")
	if status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": p.emu.Admin, "guild": p.emu.GuildID, "line": "/act"}); status != http.StatusOK {
		t.Fatalf("/act: %d %s", status, raw)
	}
	channel.WaitText("Done.")
	// bob, timed out, may not react.
	channel.Role("group", "Reactions").Role("button", "👍 1 reaction").Click()
	page.Role("alert", "").WaitText("The service refuses")

	if _, err := p.emu.PostMessage(p.emu.Moderator, general(t, p), interaction.MessageData{Content: "Welcome, ada here."}); err != nil {
		t.Fatal(err)
	}
	channel.WaitText("Welcome, ada here.")
	if got := channel.Role("article", "").Nth(-1).Text(); !strings.HasPrefix(strings.ToLower(got), "ada") || strings.Contains(got, "APP") || strings.Contains(got, "used") {
		t.Errorf("ada's post shows %q, want her name first, no APP and no command", got)
	}

	if status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": p.emu.Admin, "guild": p.emu.GuildID, "line": "/banish who:@bob"}); status != http.StatusOK {
		t.Fatalf("/banish: %d %s", status, raw)
	}
	bans.WaitText("Bob (@bob): spam")
	if got := page.Role("list", "Members").Text(); strings.Contains(got, "@bob") || strings.Contains(got, "Bob") {
		t.Errorf("bob, banned, is still among the members: %q", got)
	}
}
