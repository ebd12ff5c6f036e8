package web_test

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/browsertest"
)

// TestInTheBrowser runs the tests that drive the page in Chromium in one
// browser, since starting one costs more than most of them: each test has
// a playground of its own and a tab of its own, a private window that
// shares nothing with the others', and runs beside them.
func TestInTheBrowser(t *testing.T) {
	b := browsertest.Start(t)
	for _, tt := range []struct {
		name string
		test func(*testing.T, *browsertest.Browser)
	}{
		{"ThePageShowsMarkdown", testThePageShowsMarkdown},
		{"ThePageShowsPicturesOnly", testThePageShowsPicturesOnly},
		{"OneAutocompleteRequestIsInFlight", testOneAutocompleteRequestIsInFlight},
		{"SwitchingTheUserKeepsWhatIsTyped", testSwitchingTheUserKeepsWhatIsTyped},
		{"AFormOfEveryInputIsFilledAndSubmitted", testAFormOfEveryInputIsFilledAndSubmitted},
		{"ACommandTypedBeforeTheCommandsArriveIsSuggested", testACommandTypedBeforeTheCommandsArriveIsSuggested},
		{"TheMessageBoxHasTheFocusOnceThePageLoads", testTheMessageBoxHasTheFocusOnceThePageLoads},
		{"ASlashTypedAnywhereStartsACommand", testASlashTypedAnywhereStartsACommand},
		{"APickedChoiceIsShownByItsName", testAPickedChoiceIsShownByItsName},
		{"ThePageShowsAPollAndHidesASpoilerPicture", testThePageShowsAPollAndHidesASpoilerPicture},
		{"ThePageShowsWhatTheBotDid", testThePageShowsWhatTheBotDid},
		{"ThePageShowsABanAndARefusedReaction", testThePageShowsABanAndARefusedReaction},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.test(t, b)
		})
	}
}

// The page shows a message's markdown as the client does, and shows a
// message's text as text: markup in it is never markup of the page.
func testThePageShowsMarkdown(t *testing.T, b *browsertest.Browser) {
	p := startPlayground(t)
	page := b.Open(t, p.url)
	page.Role("textbox", "Message").Type("/notes\n\n") // the first Enter picks the suggestion
	channel := page.Role("log", "Channel")
	channel.WaitText("quoted")

	// The header's author and time come first.
	tests := []struct {
		role, name string
		nth        int
		text       string
	}{
		{"strong", "", 1, "Bold"},
		{"emphasis", "", 0, "leaning"},
		{"code", "", 0, "x := 1"},
		{"link", "the docs", 0, "the docs"},
		{"blockquote", "", 0, "quoted"},
		{"list", "", 0, "one\ntwo"},
		{"time", "", 1, "1970"},
		{"button", "Spoiler", 0, "secret"},
	}
	for _, tt := range tests {
		if got := channel.Role(tt.role, tt.name).Nth(tt.nth).Text(); !strings.Contains(got, tt.text) {
			t.Errorf("%s %q shows %q, want %q", tt.role, tt.name, got, tt.text)
		}
	}
	text := channel.Text()
	for _, want := range []string{"@owner", "#general", `fmt.Println("<b>not bold</b>")`} {
		if !strings.Contains(text, want) {
			t.Errorf("the channel shows %q, without %q", text, want)
		}
	}
	for _, unwanted := range []string{"**", "__", "~~", "||", "<@", "<#", "<t:", "](", "```"} {
		if strings.Contains(text, unwanted) {
			t.Errorf("the channel shows the mark %q: %q", unwanted, text)
		}
	}
	channel.Role("button", "Spoiler").Click()
	channel.Role("button", "Spoiler").WaitGone()
}

// A picture the bot attaches is shown; a file that is no picture, or one
// that could hold a script, is only linked.
func testThePageShowsPicturesOnly(t *testing.T, b *browsertest.Browser) {
	p := startPlayground(t)
	page := b.Open(t, p.url)
	page.Role("textbox", "Message").Type("/picture\n\n") // the first Enter picks the suggestion
	channel := page.Role("log", "Channel")
	channel.Role("image", "dot.png").WaitText("")
	channel.Role("link", "dot.svg").WaitText("dot.svg")
	if n := channel.Role("image", "").Count(); n != 1 {
		t.Errorf("%d pictures shown, want 1", n)
	}
}

// The box asks the bot for one set of suggestions at a time, whichever
// option is being typed in, as the service's client does: typing in a
// second option while the first's are on their way waits for them.
func testOneAutocompleteRequestIsInFlight(t *testing.T, b *browsertest.Browser) {
	p := startPlayground(t)
	page := b.Open(t, p.url)
	// The page's own count of the requests for suggestions it has made
	// and not had answered: exact, where the bot hears of a request only
	// some time after it was made.
	page.Eval(`(() => {
		const fetch = window.fetch;
		let asking = 0;
		window.mostAsking = 0;
		window.fetch = (url, init) => {
			if (url !== "/api/autocomplete") return fetch(url, init);
			window.mostAsking = Math.max(window.mostAsking, ++asking);
			return fetch(url, init).finally(() => asking--);
		};
	})()`, nil)
	page.Role("textbox", "Message").Type("/trip")
	page.Role("listbox", "Commands").Select("trip")
	page.Role("textbox", "from").Type("Pa")
	p.waitAsked(t, "from") // and held until letSuggest
	page.Role("textbox", "to").Type("Li")
	// The box's pause after the last key is over: a timer of the page's
	// as long as the box's, set after its own, fires after it. A box
	// that asks for a second set at once has asked by then.
	page.Eval(`import("/composer.js").then((m) => new Promise((ok) => setTimeout(ok, m.AUTOCOMPLETE_WAIT)))`, nil)
	p.letSuggest()
	page.Role("listbox", "Suggestions for to").WaitText("Lisbon")
	var most int
	page.Eval("window.mostAsking", &most)
	if most != 1 {
		t.Errorf("the page asked for %d sets of suggestions at once, want 1", most)
	}
	if most := p.mostAsking.Load(); most != 1 {
		t.Errorf("the bot was asked for %d sets of suggestions at once, want 1", most)
	}
}

// Switching the user in the same guild keeps what is being typed; a new
// language lays the command out again in it.
func testSwitchingTheUserKeepsWhatIsTyped(t *testing.T, b *browsertest.Browser) {
	p := startPlayground(t)
	page := b.Open(t, p.url)
	box := page.Role("textbox", "Message")
	box.Type("/greet")
	page.Role("listbox", "Commands").Select("greet")
	page.Role("textbox", "name").Type("Ada")
	page.Role("combobox", "User").Select("Bob (@bob)")
	// The box is busy from the choice until the panel has moved to Bob
	// and the commands offered to him, a request later, have arrived.
	box.WaitIdle()
	if perms := page.Role("list", "Permissions").Text(); strings.Contains(perms, "ADMINISTRATOR") {
		t.Fatalf("the panel did not move to Bob, who may not do all the owner may: %q", perms)
	}
	if got := page.Role("textbox", "name").Value(); got != "Ada" {
		t.Errorf("after switching the user, name holds %q, want Ada", got)
	}
	page.Role("combobox", "Locale").Select("fr")
	page.Role("textbox", "name").WaitGone()
	if got := box.Value(); got != "" {
		t.Errorf("after switching the language, the box holds %q", got)
	}
}

// A form of every input is filled in as a user fills it: a radio group's
// radios, a checkbox group's boxes, a checkbox, a member picked in a
// menu, a picture chosen in a file picker. What the client refuses is
// said in the dialog, which stays open until the form is right.
func testAFormOfEveryInputIsFilledAndSubmitted(t *testing.T, b *browsertest.Browser) {
	p := startPlayground(t)
	picture := filepath.Join(t.TempDir(), "cat.png")
	if err := os.WriteFile(picture, pngDot(t), 0o600); err != nil {
		t.Fatal(err)
	}
	page := b.Open(t, p.url)
	page.Role("textbox", "Message").Type("/signup\n\n") // the first Enter picks the suggestion
	dialog := page.Role("dialog", "Sign up")

	dialog.Role("radiogroup", "Class").Role("radio", "Bard").Click()
	days := dialog.Role("group", "Days")
	for _, day := range []string{"Monday", "Tuesday", "Friday"} {
		days.Role("checkbox", day).Click()
	}
	dialog.Role("checkbox", "Send me news").Click()
	dialog.Role("combobox", "Partner").Select("@ada")
	dialog.Role("button", "Picture").SetFiles(picture)
	dialog.Role("button", "Submit").Click()
	dialog.Role("alert", "").WaitText(`The client refuses: checkbox group "Days" takes at most 2 values, not 3`)

	days.Role("checkbox", "Tuesday").Click()
	dialog.Role("button", "Submit").Click()
	dialog.WaitGone()
	page.WaitText("log", "Channel", "Signed up: class b, days mon+fri, news true, partner ada, pictures cat.png image/png.")
}

// A command typed before the page has the commands, straight after it
// loads, is suggested as soon as they arrive, without another key.
func testACommandTypedBeforeTheCommandsArriveIsSuggested(t *testing.T, b *browsertest.Browser) {
	typed := make(chan struct{})
	p := startPlaygroundBehind(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/api/commands" {
				// The commands arrive once the keys are typed.
				select {
				case <-typed:
				case <-r.Context().Done():
					return
				}
			}
			h.ServeHTTP(w, r)
		})
	})
	page := b.Open(t, p.url)
	page.Role("textbox", "Message").Type("/gr")
	close(typed)
	page.Role("listbox", "Commands").Role("option", "greet").WaitText("Greet someone")
}

// The message box has the focus once the page loads, as a chat client's
// has, and only then: a message arriving later leaves the focus where the
// user put it.
func testTheMessageBoxHasTheFocusOnceThePageLoads(t *testing.T, b *browsertest.Browser) {
	p := startPlayground(t)
	page := b.Open(t, p.url)
	page.Role("textbox", "Message").WaitFocused()
	page.Type("/gre") // without a click first
	page.Role("listbox", "Commands").Role("option", "greet").WaitText("Greet someone")

	channel := page.Role("log", "Channel")
	channel.Click()
	channel.WaitFocused()
	greet := emulator.Invocation{User: p.emu.Admin, Guild: p.emu.GuildID, Command: "greet", Options: []emulator.Arg{{Name: "name", Value: "Ada"}}}
	if res, err := p.emu.Invoke(context.Background(), greet); err != nil || !res.OK() {
		t.Fatalf("/greet: %v %+v", err, res)
	}
	channel.WaitText("Hello, Ada!")
	if !channel.Focused() {
		t.Error("a message arrived and the channel lost the focus")
	}
}

// Typing "/" with nothing focused starts a command in the message box, as
// in a chat client; a "/" typed into another input, or while a dialog is
// open, stays where it was typed.
func testASlashTypedAnywhereStartsACommand(t *testing.T, b *browsertest.Browser) {
	p := startPlayground(t)
	page := b.Open(t, p.url)
	box := page.Role("textbox", "Message")
	commands := page.Role("listbox", "Commands")

	page.Role("heading", "Settings").Click() // which takes the focus from anything that had it
	page.Type("/")
	commands.Role("option", "greet").WaitText("Greet someone")
	if !box.Focused() {
		t.Error(`after "/", the message box does not have the focus`)
	}
	if got := box.Value(); got != "/" {
		t.Errorf(`after "/", the message box holds %q, want "/"`, got)
	}

	// In a dialog, "/" is the dialog's.
	page.Type("feedback")
	commands.Select("feedback")
	page.Role("button", "Send").Click()
	text := page.Role("dialog", "Feedback").Role("textbox", "What do you think?")
	text.WaitFocused()
	page.Type("a/b")
	page.Role("dialog", "Feedback").Role("heading", "Feedback").Click()
	page.Type("/")
	if got := text.Value(); got != "a/b" {
		t.Errorf("the dialog's textbox holds %q, want a/b", got)
	}
	page.Role("dialog", "Feedback").Role("button", "Cancel").Click()
	page.Role("dialog", "Feedback").WaitGone()
	if got := box.Value(); got != "" {
		t.Errorf(`a "/" typed in a dialog left %q in the message box`, got)
	}

	// In an option's input, "/" is the input's.
	box.Type("/gre")
	commands.Select("greet")
	name := page.Role("textbox", "name")
	name.WaitFocused()
	page.Type("a/b")
	if got := name.Value(); got != "a/b" {
		t.Errorf("name holds %q, want a/b", got)
	}
	if got := box.Value(); got != "/greet " {
		t.Errorf(`a "/" typed into an option left the message box with %q, want "/greet "`, got)
	}
}

// A choice the user picks, one of an option's or one the bot suggests, is
// shown in the channel by its name, as the client shows it; the bot
// receives its value.
func testAPickedChoiceIsShownByItsName(t *testing.T, b *browsertest.Browser) {
	p := startPlayground(t)
	page := b.Open(t, p.url)
	box := page.Role("textbox", "Message")
	commands := page.Role("listbox", "Commands")
	channel := page.Role("log", "Channel")

	box.Type("/weather")
	commands.Select("weather")
	page.Role("textbox", "city").Type("Par")
	page.Role("listbox", "Suggestions for city").Select("Parma")
	page.Role("button", "Send").Click()
	channel.WaitText("It is sunny in parma.")
	if got := channel.Role("article", "").Nth(-1).Text(); !strings.Contains(got, "used /weather city:Parma") {
		t.Errorf("the channel shows %q, want the city by the name picked, city:Parma", got)
	}

	box.Type("/greet")
	commands.Select("greet")
	page.Role("textbox", "name").Type("Ada")
	page.Role("combobox", "style").Select("Pirate")
	page.Role("button", "Send").Click()
	channel.WaitText("Hello, Ada!")
	if got := channel.Role("article", "").Nth(-1).Text(); !strings.Contains(got, "used /greet name:Ada style:Pirate") {
		t.Errorf("the channel shows %q, want the style by the name picked, style:Pirate", got)
	}

	var sent []string
	for _, rec := range p.emu.Interactions() {
		if d := rec.Interaction.Data; rec.Interaction.Type == interaction.TypeApplicationCommand {
			for _, o := range d.Options {
				sent = append(sent, o.Name+"="+o.Value.Text())
			}
		}
	}
	if got, want := strings.Join(sent, " "), "city=parma name=Ada style=pirate"; got != want {
		t.Errorf("the bot received %q, want the values %q", got, want)
	}
}
