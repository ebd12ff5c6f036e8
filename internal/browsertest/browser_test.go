package browsertest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// serve serves testdata on 127.0.0.1 for the test and returns its address.
func serve(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir("testdata")))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestBrowser runs one browser for both groups of tests, as starting one
// takes about half a second. The groups run beside each other, so that the
// tests of one start while the last of the other's finish.
func TestBrowser(t *testing.T) {
	b := Start(t)
	url := serve(t)
	t.Run("steps", func(t *testing.T) {
		t.Parallel()
		testSteps(t, b, url)
	})
	t.Run("failures", func(t *testing.T) {
		t.Parallel()
		testFailures(t, b, url)
	})
}

// testSteps drives the test page through every kind of step.
func testSteps(t *testing.T, b *Browser, url string) {
	t.Run("a textbox named by its label takes keys and a listbox of suggestions follows them", func(t *testing.T) {
		t.Parallel()
		p := b.Open(t, url)
		message := p.Role("textbox", "Message")
		message.Type("/gr")
		// The list follows the keys a moment after them, or after each
		// of them on a slow machine: the one for the last key is awaited,
		// not the first to show greeting-card.
		message.WaitIdle()
		commands := p.Role("listbox", "Commands")
		commands.Role("option", "greeting-card").WaitText("greeting-card")
		if got, want := commands.Options(), []string{"greet", "greeting-card"}; !slices.Equal(got, want) {
			t.Errorf("options = %q; want %q", got, want)
		}
		commands.Select("greet")
		commands.WaitGone()
		if got, want := p.Role("textbox", "Message").Value(), "/greet "; got != want {
			t.Errorf("message box holds %q after picking greet; want %q", got, want)
		}
		p.Role("button", "Send").Click()
		p.WaitText("log", "Channel", "Bot: Hello from /greet!")
		channel := p.Role("log", "Channel")
		if got, want := channel.Role("article", "").Count(), 2; got != want {
			t.Errorf("the channel has %d articles; want %d", got, want)
		}
		if got, want := channel.Role("article", "").Nth(0).Text(), "You: /greet"; got != want {
			t.Errorf("first article = %q; want %q", got, want)
		}
		if got, want := channel.Role("article", "").Nth(-1).Text(), "Bot: Hello from /greet!"; got != want {
			t.Errorf("last article = %q; want %q", got, want)
		}
	})

	t.Run("Enter in the textbox sends, and Clear empties it", func(t *testing.T) {
		t.Parallel()
		p := b.Open(t, url)
		message := p.Role("textbox", "Message")
		message.Type("/help\n")
		p.WaitText("log", "Channel", "You: /help")
		message.Type("draft")
		message.Clear()
		if got := message.Value(); got != "" {
			t.Errorf("message box holds %q after Clear", got)
		}
	})

	t.Run("a button named by aria-label is clicked by that name", func(t *testing.T) {
		t.Parallel()
		p := b.Open(t, url)
		p.Role("textbox", "Message").Type("/help")
		p.Press("Enter")
		p.WaitText("log", "Channel", "Bot: Hello from /help!")
		p.Role("button", "Clear the channel").Click()
		p.Role("log", "Channel").Role("article", "").Nth(0).WaitGone()
	})

	t.Run("a modal dialog is found by the name aria-labelledby gives it, and hides the page behind it", func(t *testing.T) {
		t.Parallel()
		p := b.Open(t, url)
		p.Role("button", "Open feedback").Click()
		dialog := p.Role("dialog", "Feedback")
		if got := dialog.Text(); !strings.Contains(got, "What do you think?") {
			t.Errorf("dialog text = %q; want the label of its textbox", got)
		}
		if n := p.Role("button", "Send").Count(); n != 0 {
			t.Errorf("found %d Send buttons behind the modal dialog; want none", n)
		}
		dialog.Role("textbox", "What do you think?").Type("Nice")
		dialog.Role("button", "Submit").Click()
		dialog.WaitGone()
		p.WaitText("log", "Channel", "Feedback: Nice")
	})

	t.Run("the focus is waited for, and keys go where it is", func(t *testing.T) {
		t.Parallel()
		p := b.Open(t, url)
		p.Role("button", "Open feedback").Click()
		// A modal dialog focuses its first input when it opens.
		text := p.Role("dialog", "Feedback").Role("textbox", "What do you think?")
		text.WaitFocused()
		if !text.Focused() {
			t.Error("the dialog's textbox lost the focus")
		}
		p.Type("Nice")
		if got := text.Value(); got != "Nice" {
			t.Errorf("the dialog's textbox holds %q after typing on the page; want %q", got, "Nice")
		}
		p.Role("dialog", "Feedback").Role("button", "Submit").Click()
		p.WaitText("log", "Channel", "Feedback: Nice")
		if p.Role("textbox", "Message").Focused() {
			t.Error("the message box has the focus, which nothing gave it")
		}
	})

	t.Run("a select is chosen by the name of its option", func(t *testing.T) {
		t.Parallel()
		p := b.Open(t, url)
		locale := p.Role("combobox", "Locale")
		if got, want := locale.Options(), []string{"English", "Français", "Deutsch"}; !slices.Equal(got, want) {
			t.Errorf("options = %q; want %q", got, want)
		}
		locale.Select("Français")
		p.WaitText("status", "", "Locale: fr")
		if got, want := locale.Value(), "Français"; got != want {
			t.Errorf("locale = %q; want %q", got, want)
		}
	})

	t.Run("a file input is found by its label and given files", func(t *testing.T) {
		t.Parallel()
		p := b.Open(t, url+"/upload.html")
		dir := t.TempDir()
		var paths []string
		for name, content := range map[string]string{"a.txt": "abc", "b.txt": "de"} {
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, path)
		}
		slices.Sort(paths)
		p.Role("button", "Attachment").SetFiles(paths...)
		p.WaitText("status", "", "Files: a.txt 3, b.txt 2")
	})

	t.Run("an element marked busy is waited for until it is not", func(t *testing.T) {
		t.Parallel()
		p := b.Open(t, url+"/busy.html")
		p.Role("button", "Load").Click()
		results := p.Role("list", "Results")
		results.WaitIdle()
		// The items come as the mark goes: had WaitIdle not waited,
		// there would be none yet.
		if got := results.Text(); got != "loaded" {
			t.Errorf("once idle, the results show %q; want %q", got, "loaded")
		}
	})

	t.Run("a script is evaluated in the page, a promise awaited", func(t *testing.T) {
		t.Parallel()
		p := b.Open(t, url)
		var n int
		p.Eval("1 + 2", &n)
		if n != 3 {
			t.Errorf("1 + 2 evaluates to %d; want 3", n)
		}
		p.Eval(`window.told = []; setTimeout(() => told.push("first"), 50)`, nil)
		var told []string
		p.Eval(`new Promise((ok) => setTimeout(() => ok(told), 50))`, &told)
		if !slices.Equal(told, []string{"first"}) {
			t.Errorf("a timer set earlier, as long as the awaited one's, had told %q when it fired; want it fired first", told)
		}
	})

	t.Run("screenshots are PNGs of the viewport and of one element", func(t *testing.T) {
		t.Parallel()
		p := b.Open(t, url)
		dir := t.TempDir()
		p.Screenshot(filepath.Join(dir, "page.png"))
		p.Role("log", "Channel").Screenshot(filepath.Join(dir, "shots", "channel.png"))

		whole := decodePNG(t, filepath.Join(dir, "page.png"))
		if got := whole.Bounds().Size(); got.X != 800 || got.Y != 600 {
			t.Errorf("page screenshot is %v; want the 800×600 viewport", got)
		}
		channel := decodePNG(t, filepath.Join(dir, "shots", "channel.png"))
		if got := channel.Bounds().Size(); got.X != 320 || got.Y != 64 {
			t.Errorf("channel screenshot is %v; want the log's 320×64 box", got)
		}
		border, inside := color.RGBAModel.Convert(channel.At(0, 0)), color.RGBAModel.Convert(channel.At(4, 4))
		if border != (color.RGBA{0xcc, 0xcc, 0xcc, 0xff}) || inside != (color.RGBA{0xff, 0xff, 0xff, 0xff}) {
			t.Errorf("channel screenshot has %v at its corner and %v inside; want its #ccc border and white", border, inside)
		}
	})

	t.Run("the page reaches no host beyond 127.0.0.1", func(t *testing.T) {
		t.Parallel()
		p := b.Open(t, url+"/outside.html")
		p.WaitText("status", "Image", "image refused")
		p.WaitText("status", "Fetch", "fetch refused")
		got, want := p.ExternalRequests(), []string{"http://example.com/pixel.png", "https://192.0.2.1/"}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("external requests = %q; want %q", got, want)
		}
		// Refused by the fence, not by chance: the machine may well have a
		// network.
		for _, host := range []string{"example.com", "192.0.2.1:443"} {
			if refused := b.fence.refused(); !slices.Contains(refused, host) {
				t.Errorf("the fence refused %q; want %s among them", refused, host)
			}
		}
	})
}

// testFailures checks that a step that cannot be done fails in time, with a
// message that says what was looked for and what the page had.
func testFailures(t *testing.T, b *Browser, url string) {
	tests := []struct {
		name string
		page string
		step func(p *Page)
		want []string
	}{
		{
			name: "a missing element is named with what the page has instead",
			step: func(p *Page) { p.Role("button", "Launch").Click() },
			want: []string{`no button "Launch" after`, `the page has: main, log "Channel", form, textbox "Message", button "Send"`, `combobox "Locale"`},
		},
		{
			name: "a name must match whole",
			step: func(p *Page) { p.Role("button", "Sen").Click() },
			want: []string{`no button "Sen"`},
		},
		{
			name: "a role that matches several elements lists them",
			step: func(p *Page) { p.Role("button", "").Click() },
			want: []string{`4 elements are button: button "Send", button "Open feedback", button "Clear the channel", button "Archive"`, "Element.Nth"},
		},
		{
			name: "an element inside a hidden one names the hidden one",
			step: func(p *Page) { p.Role("listbox", "Commands").Role("option", "greet").Click() },
			want: []string{`no listbox "Commands" after`},
		},
		{
			name: "an element past the last of its kind says how many there are",
			step: func(p *Page) { p.Role("combobox", "Locale").Role("option", "").Nth(3).Text() },
			want: []string{`no option [3] in combobox "Locale" after`, `(3 elements match its role and name)`},
		},
		{
			name: "an element hidden from assistive technology is not found",
			step: func(p *Page) { p.Role("button", "Decoration").Text() },
			want: []string{`no button "Decoration" after`},
		},
		{
			name: "a disabled button is not clicked",
			step: func(p *Page) { p.Role("button", "Archive").Click() },
			want: []string{`button "Archive" is disabled after`},
		},
		{
			name: "a covered button is not clicked",
			page: "/covered.html",
			step: func(p *Page) { p.Role("button", "Behind").Click() },
			want: []string{`button "Behind" is covered by <div#veil> after`},
		},
		{
			name: "a text that does not come says what the element shows",
			step: func(p *Page) { p.WaitText("status", "", "Locale: de") },
			want: []string{`status does not show "Locale: de"; it shows "Locale: en-US" after`},
		},
		{
			name: "a focus that does not come says where it is",
			step: func(p *Page) { p.Role("textbox", "Message").WaitFocused() },
			want: []string{`textbox "Message" does not have the focus; <body> has it after`},
		},
		{
			name: "an element that stays says so",
			step: func(p *Page) { p.Role("button", "Send").WaitGone() },
			want: []string{`button "Send" is still there after`},
		},
		{
			name: "an element that stays busy says so",
			page: "/busy.html",
			step: func(p *Page) { p.Role("list", "Archive").WaitIdle() },
			want: []string{`list "Archive" is busy (aria-busy) after`},
		},
		{
			name: "a script that throws says what it threw",
			step: func(p *Page) { p.Eval(`Promise.reject(new Error("nothing here"))`, nil) },
			want: []string{`evaluating Promise.reject(new Error("nothing here")): Error: nothing here`},
		},
		{
			name: "an unknown key lists the keys known",
			step: func(p *Page) { p.Press("Return") },
			want: []string{`pressing "Return": not a key Press knows; it knows ArrowDown, ArrowLeft`},
		},
	}
	// The steps on the test page itself share one load of it, one after
	// the other: none of them changes the page, as each fails before it
	// would act, and a tab costs the browser more than a step's timeout.
	// A step on a page of its own runs beside them.
	shared := b.Open(t, url)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{TB: t}
			p := shared
			if tt.page != "" {
				t.Parallel()
				r.run(func() { p = b.Open(r, url+tt.page) })
				if r.failed != "" {
					t.Fatalf("Open: %s", r.failed)
				}
			}
			p.t = r
			p.timeout = 200 * time.Millisecond
			start := time.Now()
			r.run(func() { tt.step(p) })
			if r.failed == "" {
				t.Fatal("the step did not fail")
			}
			for _, w := range tt.want {
				if !strings.Contains(r.failed, w) {
					t.Errorf("failure %q\ndoes not say %q", r.failed, w)
				}
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("the step took %v to fail; want it bounded by its timeout", d)
			}
		})
	}
}

func decodePNG(t *testing.T, path string) image.Image {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}
