package main

import (
	"errors"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// report is a bug report filled in: a title, places, and the member it is
// assigned to; the rest is left alone unless a test says otherwise.
func report(title string, where []string, assignee interaction.Snowflake) emulator.Submit {
	return emulator.Submit{
		Fields:  map[string]string{"Title": title},
		Values:  map[string][]string{"Where": where, "Assign to": {assignee.String()}},
		Checked: map[string]bool{},
	}
}

func TestABugReportReadsEveryInput(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	tests := []struct {
		name string
		form func(s emulator.Submit) emulator.Submit
		want string
	}{
		{"every input filled in", func(s emulator.Submit) emulator.Submit {
			s.Values["Severity"] = []string{"Major"}
			s.Checked["I can reproduce it"] = true
			return s
		}, "🐞 The login button does nothing\nmajor, in web and app, reproduced; assigned to Ada by bob"},
		{"the severity and the box left alone", func(s emulator.Submit) emulator.Submit { return s },
			"🐞 The login button does nothing\nunrated, in web and app, not reproduced yet; assigned to Ada by bob"},
		{"places ticked in another order, listed in the form's", func(s emulator.Submit) emulator.Submit {
			s.Values["Where"] = []string{"API", "Website"}
			s.Values["Severity"] = []string{"critical"}
			s.Checked["repro"] = false
			return s
		}, "🐞 The login button does nothing\ncritical, in web and api, not reproduced yet; assigned to Ada by bob"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			form := bot.Command("/bug")
			if m := form.Modal(); m.Title != "Report a bug" || len(m.Components) != 5 {
				t.Fatalf("the form is %q with %d inputs", m.Title, len(m.Components))
			}
			filed := form.Submit(tt.form(report("The login button does nothing", []string{"Website", "App"}, bot.Moderator)))
			if got := filed.Content(); got != tt.want {
				t.Errorf("the report is %q, want %q\n%s", got, tt.want, filed)
			}
			filed.Shows("[Attach screenshots]")
		})
	}
}

// The client refuses what the form does not take, and the bot hears
// nothing of it; the form stays open.
func TestTheClientRefusesWhatTheFormDoesNotTake(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	form := bot.Command("/bug")
	tests := []struct {
		name string
		form emulator.Submit
	}{
		{"no title", report("", []string{"API"}, bot.Member)},
		{"a title too short", report("Bug", []string{"API"}, bot.Member)},
		{"no place", report("Slow", nil, bot.Member)},
		{"three places", report("Slow", []string{"Website", "App", "API"}, bot.Member)},
		{"two severities", func() emulator.Submit {
			s := report("Slow", []string{"API"}, bot.Member)
			s.Values["Severity"] = []string{"Major", "Minor"}
			return s
		}()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := form.TrySubmit(tt.form); !errors.Is(err, emulator.ErrInvalidInput) {
				t.Errorf("submitted: %v", err)
			}
		})
	}
	form.Submit(report("Slow", []string{"API"}, bot.Admin)).Shows("assigned to Owner by bob")
}

func TestScreenshotsAreAddedToTheReport(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	filed := bot.Command("/bug").Submit(report("The login button does nothing", []string{"Website"}, bot.Moderator))
	shots := filed.Click("Attach screenshots")
	if got := shots.Modal().Title; got != "Screenshots" {
		t.Fatalf("the second form is %q", got)
	}
	// The client offers only pictures, as the upload's file_types say.
	text := emulator.Submit{Files: map[string][]interaction.Attachment{"shots": {{Filename: "steps.txt", Size: 44}}}}
	if _, err := shots.TrySubmit(text); !errors.Is(err, emulator.ErrInvalidInput) {
		t.Errorf("a text file was uploaded: %v", err)
	}
	pictures := emulator.Submit{Files: map[string][]interaction.Attachment{"Screenshots": {
		{Filename: "login.png", Size: 120}, {Filename: "console.png", Size: 98},
	}}}
	attached := shots.Submit(pictures)
	want := "🐞 The login button does nothing\nunrated, in web, not reproduced yet; assigned to Ada by bob\n" +
		"📎 login.png (image/png, 120 bytes), console.png (image/png, 98 bytes)"
	if got := attached.Content(); got != want {
		t.Errorf("the report is %q, want %q\n%s", got, want, attached)
	}
	// The report's message, updated: without its button.
	if m := filed.Message(); m.Data.Content != want || len(m.Data.Components) != 0 {
		t.Errorf("the report's message is %q with %d components", m.Data.Content, len(m.Data.Components))
	}
}

// The client judges a file by its name; the bot checks the type it is
// told.
func TestTheBotRefusesAFileThatIsNoPicture(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	shots := bot.Command("/bug").Submit(report("Slow", []string{"API"}, bot.Member)).Click("Attach screenshots")
	x := shots.Submit(emulator.Submit{Files: map[string][]interaction.Attachment{"shots": {
		{Filename: "fake.png", Size: 13, ContentType: "text/plain"},
	}}})
	if got := x.Content(); got != "fake.png is not a picture." || !x.Ephemeral() {
		t.Errorf("%q\n%s", got, x)
	}
}
