package main

import (
	"flag"
	"path/filepath"
	"slices"
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/webtest"
	"github.com/switchboard-go/switchboard/internal/browsertest"
)

// updateScreenshots makes TestScreenshots write the README's pictures of
// the playground; without it that test skips, so go test changes no file.
var updateScreenshots = flag.Bool("update-screenshots", false, "write the playground's screenshots to docs/")

func TestAUserPlaysWithTheBotInTheBrowser(t *testing.T) {
	t.Parallel()
	b := browsertest.Start(t)
	p := b.Open(t, webtest.Serve(t, example))
	box := p.Role("textbox", "Message")
	commands := p.Role("listbox", "Commands")

	// The message box has the focus once the page loads. A command picked
	// among the suggestions lays out its options; Enter in the last one
	// sends it.
	box.WaitFocused()
	p.Type("/gr")
	commands.Select("greet")
	p.Role("textbox", "name").Type("Ada\n")
	p.WaitText("log", "Channel", "Hello, Ada!")

	// The greeting's button sends its custom_id to the bot.
	p.Role("button", "Wave back").Click()
	p.WaitText("log", "Channel", "You cannot wave back at yourself.")

	// Typing into an autocomplete option asks the bot for suggestions.
	box.Type("/wea")
	commands.Select("weather")
	p.Role("textbox", "city").Type("par")
	cities := p.Role("listbox", "Suggestions for city")
	cities.WaitText("Paramaribo")
	// What the focus asked for, every city, may show until the answer
	// for "par" replaces it.
	cities.Role("option", "Lisbon").WaitGone()
	if got, want := cities.Options(), []string{"Paris", "Parma", "Paramaribo"}; !slices.Equal(got, want) {
		t.Errorf("suggestions for city %q: %q, want %q", "par", got, want)
	}
	cities.Select("Paris")
	p.Role("button", "Send").Click()
	p.WaitText("log", "Channel", "It is sunny in Paris.")
	// The channel shows the city by the name picked; the bot received
	// its value, "paris".
	p.WaitText("log", "Channel", "used /weather city:Paris")

	// A command answered with a form opens it as a dialog.
	box.Type("/feedback")
	commands.Select("feedback")
	p.Role("button", "Send").Click()
	dialog := p.Role("dialog", "Feedback")
	dialog.Role("textbox", "What do you think?").Type("Nice bot!")
	dialog.Role("button", "Submit").Click()
	dialog.WaitGone()
	p.WaitText("log", "Channel", "Thanks for your feedback (9 characters)!")

	// A form closed unsent sends nothing, and is closed for good.
	box.Type("/feedback")
	commands.Select("feedback")
	p.Role("button", "Send").Click()
	p.Role("dialog", "Feedback").Role("button", "Cancel").Click()
	p.Role("dialog", "Feedback").WaitGone()

	// A member's menu lists the bot's USER commands.
	p.Role("list", "Members").Role("button", "Bob").Click()
	p.Role("menu", "Apps for Bob").Role("menuitem", "High Five").Click()
	p.WaitText("log", "Channel", "owner high-fives bob!")

	// In French, the user sees the command by its French name.
	p.Role("combobox", "Locale").Select("fr")
	box.Type("/")
	commands.WaitText("saluer")
	if got := commands.Options(); !slices.Contains(got, "saluer") || slices.Contains(got, "greet") {
		t.Errorf("commands suggested in fr: %q, want saluer in place of greet", got)
	}

	if ext := p.ExternalRequests(); len(ext) > 0 {
		t.Errorf("the page requested other hosts than its own: %q", ext)
	}
}

// TestScreenshots writes the README's pictures of the playground with
// -update-screenshots:
//
//	go test ./examples/quickstart -run Screenshots -args -update-screenshots
func TestScreenshots(t *testing.T) {
	if !*updateScreenshots {
		t.Skip("writes docs/playground*.png only with -update-screenshots")
	}
	// 50rem is where the side panel moves beside the channel.
	b := browsertest.Start(t, browsertest.Viewport(1100, 640))
	p := b.Open(t, webtest.Serve(t, example))
	docs := filepath.Join("..", "..", "docs")
	box := p.Role("textbox", "Message")

	box.Type("/greet")
	p.Role("listbox", "Commands").Select("greet")
	p.Role("textbox", "name").Type("Ada\n")
	p.WaitText("log", "Channel", "Hello, Ada!")
	p.Role("button", "Wave back").WaitText("Wave back")
	box.Type("/")
	p.Role("listbox", "Commands").WaitText("weather")
	p.Screenshot(filepath.Join(docs, "playground.png"))

	box.Clear()
	box.Type("/wea")
	p.Role("listbox", "Commands").Select("weather")
	p.Role("textbox", "city").Type("par")
	p.Role("listbox", "Suggestions for city").WaitText("Paramaribo")
	p.Screenshot(filepath.Join(docs, "playground-suggestions.png"))

	box.Clear()
	box.Type("/feedback")
	p.Role("listbox", "Commands").Select("feedback")
	p.Role("button", "Send").Click()
	p.Role("dialog", "Feedback").Role("textbox", "What do you think?").Type("Nice bot!")
	p.Screenshot(filepath.Join(docs, "playground-dialog.png"))
}
