// Forms is a bot that asks in modals with every input a modal takes: a
// text input, a radio group that may be left alone, a checkbox group that
// takes one or two ticks, a checkbox, a member picked from the server,
// and a file upload that takes only pictures; the handlers read each with
// the typed accessors of req.Fields.
//
//	go run ./examples/forms
//
// A modal holds five inputs at most, so a bug report is filed in two
// forms: /bug opens the first, and the report it files has a button that
// opens the second, for screenshots. The client checks what it can before
// the bot hears anything: a required input left empty, more ticks than a
// group takes, a file its upload's file_types leave out; the bot still
// checks what it receives, as a file's name says nothing of what it
// holds.
//
// The script attaches pictures the program makes and writes to a
// directory of its own, removed once they are sent, so that it runs from
// anywhere.
package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:   "forms",
	About:  "modals of every input: radio and checkbox groups, a checkbox, a member, files of a type",
	Bot:    func(playground.Env) (*router.Router, error) { return newBot(), nil },
	Intro:  intro,
	Script: script,
}

// introLines are the first part of the script, with the paths of the
// files to attach filled in.
const introLines = `
# A bug report in a form: a title, a severity that may be left alone, one or two places, a box to tick, whom to assign it to.
/bug
submit title:"The login button does nothing" severity:Major where:Website,App repro:yes assignee:@ada
# A modal holds five inputs at most: the screenshots come in a second form, opened by the report's button.
click "Attach screenshots"
# The client offers only pictures, as the upload's file_types say: a text file cannot be picked.
submit shots:%s
submit shots:%s,%s
`

const script = `
# Left alone, the severity is not chosen and the box stays unticked; the client refuses a third place.
/bug
submit title:"A typo on the home page" where:Website,App,API assignee:@bob
submit title:"A typo on the home page" where:Website assignee:@bob
`

// intro runs the first part of the script with its files written to a
// directory of its own, removed once the intro has run: the client reads
// a file when the form is submitted, and the bot receives its name, size
// and type, never its contents.
func intro(ctx context.Context, s *playground.Session) error {
	dir, err := os.MkdirTemp("", "forms")
	if err != nil {
		return fmt.Errorf("writing the screenshots: %w", err)
	}
	defer os.RemoveAll(dir)
	files := map[string][]byte{
		"steps.txt":   []byte("1. open the login page\n2. press the button\n"),
		"login.png":   picture(40, 30),
		"console.png": picture(80, 20),
	}
	paths := map[string]string{}
	for name, content := range files {
		paths[name] = filepath.Join(dir, name)
		if err := os.WriteFile(paths[name], content, 0o600); err != nil {
			return fmt.Errorf("writing the screenshots: %w", err)
		}
	}
	lines := fmt.Sprintf(introLines, quote(paths["steps.txt"]), quote(paths["login.png"]), quote(paths["console.png"]))
	return s.RunScript(ctx, strings.NewReader(lines))
}

// picture is a grey PNG of w×h pixels, standing in for a screenshot.
func picture(w, h int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		panic(err) // an in-memory image always encodes
	}
	return b.Bytes()
}

// quote writes a value as a line takes it whatever it holds: in quotes,
// its backslashes and quotes written \\ and \".
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// bugForm is the first form: the five inputs a modal holds at most.
func bugForm() interaction.Modal {
	return component.Modal("bug", "Report a bug",
		component.Labeled("Title", component.ShortInput("title").WithLength(4, 80)),
		component.Labeled("Severity", component.Radio("severity",
			component.Choice("Minor", "minor"),
			component.Choice("Major", "major").WithDescription("Something does not work"),
			component.Choice("Critical", "critical").WithDescription("Nothing works"),
		).Optional()).WithDescription("Leave it for the team to judge"),
		component.Labeled("Where", component.Checkboxes("where",
			component.Choice("Website", "web"), component.Choice("App", "app"), component.Choice("API", "api"),
		).WithMinValues(1).WithMaxValues(2)).WithDescription("One or two places"),
		component.Labeled("I can reproduce it", component.CheckboxInput("repro")),
		component.Labeled("Assign to", component.SelectUsers("assignee")),
	)
}

// shotsForm is the second form: up to three pictures.
func shotsForm() interaction.Modal {
	return component.Modal("shots", "Screenshots",
		component.Labeled("Screenshots", component.Upload("shots").WithMaxValues(3).WithFileTypes("image")).
			WithDescription("Pictures of what you saw, up to three"),
	)
}

func newBot() *router.Router {
	r := router.New()
	// A form is only ever a first answer: never deferred.
	r.Command("bug", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.ShowModal(bugForm()), nil
	}, router.Description("Report a bug in a form"), router.NoAutoDefer())
	r.Modal("bug", fileReport)
	r.Component("bug:shots", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.ShowModal(shotsForm()), nil
	})
	r.Modal("shots", attachShots)
	return r
}

// fileReport reads every input of the first form, each with the accessor
// of its kind, and files the report with a button for screenshots.
func fileReport(ctx context.Context, req *router.Request) (interaction.Response, error) {
	title, err := req.Fields.Get("title").Text()
	if err != nil {
		return interaction.Response{}, err
	}
	// A radio group left alone is no choice, not an error.
	severity, chosen, err := req.Fields.Get("severity").Choice()
	if err != nil {
		return interaction.Response{}, err
	}
	if !chosen {
		severity = "unrated"
	}
	// The ticks come in no set order: the report lists them in the form's.
	where, err := req.Fields.Get("where").Values()
	if err != nil {
		return interaction.Response{}, err
	}
	var places []string
	for _, p := range []string{"web", "app", "api"} {
		for _, w := range where {
			if w == p {
				places = append(places, p)
			}
		}
	}
	repro, err := req.Fields.Get("repro").Bool()
	if err != nil {
		return interaction.Response{}, err
	}
	// The member comes resolved, with their server nickname if any.
	assignees, err := req.Fields.Get("assignee").Members()
	if err != nil {
		return interaction.Response{}, err
	}
	reproduced := "not reproduced yet"
	if repro {
		reproduced = "reproduced"
	}
	report := fmt.Sprintf("🐞 %s\n%s, in %s, %s; assigned to %s by %s", title, severity, strings.Join(places, " and "),
		reproduced, assignees[0].DisplayName(), req.Invoker().Username)
	return interaction.Reply(report).WithAllowedMentions(interaction.NoMentions()).WithComponents(
		component.Row(component.SecondaryButton("bug:shots", "Attach screenshots")),
	), nil
}

// attachShots reads the files of the second form and adds them to the
// report whose button opened it. The client let the user pick pictures
// only, by their names: the bot checks the type it is told, and a bot
// that opens the files checks what they hold.
func attachShots(ctx context.Context, req *router.Request) (interaction.Response, error) {
	files, err := req.Fields.Get("shots").Attachments()
	if err != nil {
		return interaction.Response{}, err
	}
	var names []string
	for _, f := range files {
		if !strings.HasPrefix(f.ContentType, "image/") {
			return interaction.Reply(f.Filename + " is not a picture.").Ephemeral(), nil
		}
		names = append(names, fmt.Sprintf("%s (%s, %d bytes)", f.Filename, f.ContentType, f.Size))
	}
	msg, _ := req.Message()
	return interaction.Update(msg.Content + "\n📎 " + strings.Join(names, ", ")).
		WithAllowedMentions(interaction.NoMentions()).WithComponents(), nil
}
