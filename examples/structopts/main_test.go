package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
)

// withEmulator returns the example with a Setup that keeps the emulator
// it runs on, and the commands registered there, for looking at them once
// it has run.
func withEmulator(emu **emulator.Server, registered *[]command.Command) playground.Example {
	ex := example
	ex.Setup = func(ctx context.Context, s *playground.Session) error {
		*emu = s.Emulator()
		cmds, err := s.API().ListCommands(ctx, s.Emulator().ApplicationID, command.Global, false)
		*registered = cmds
		return err
	}
	return ex
}

func TestTheScriptShowsTypedValuesAndRefusals(t *testing.T) {
	// The script attaches a file of its own, wherever the program runs.
	t.Chdir(t.TempDir())
	agenda, err := files.ReadFile("agenda.md")
	if err != nil {
		t.Fatal(err)
	}
	out := playground.Output(t, example, "")
	playground.Shows(t, out,
		"/event title: kind: seats: host: channel: [hours:] [online:] [notify:] [agenda:]  Announce an event, everywhere",
		`  bot › "Go generics", a workshop hosted by Ada, a member of this server`+"\n"+
			"        12 seats × 1.5 hours = 18 seat-hours\n"+
			"        in #announcements (an announcement channel), online, telling @Moderator\n"+
			fmt.Sprintf("        agenda: agenda.md, %d bytes\n", len(agenda)),
		`/event title:"Board games" kind:"Game night" seats:8 host:@bob channel:#general`+"\n"+
			`  bot › "Board games", a game-night hosted by Bob, a member of this server`+"\n"+
			"        8 seats × 2 hours = 16 seat-hours\n"+
			"        in #general\n",
		`✗ the client refuses: option "title": 2 characters, fewer than 3`,
		`✗ the client refuses: option "seats": 500 is above the maximum 50`,
		`✗ the client refuses: option "hours": 0.25 is below the minimum 0.5`,
		`✗ the client refuses: option "channel": #Lounge is a GUILD_VOICE channel; it takes GUILD_TEXT or GUILD_ANNOUNCEMENT`,
		`✗ the client refuses: option "kind": "party" is not one of its choices`,
	)
	// The file is named as the script names it, never by a temporary
	// path.
	if strings.Contains(out, os.TempDir()) {
		t.Errorf("the transcript names a temporary path:\n%s", out)
	}
}

func TestTheDefinitionComesFromTheTags(t *testing.T) {
	var emu *emulator.Server
	var registered []command.Command
	playground.Output(t, withEmulator(&emu, &registered), "", "-quiet", "-script", playground.ScriptFile(t))
	if len(registered) != 1 || registered[0].Name != "event" {
		t.Fatalf("registered %v, want /event", registered)
	}
	var got []string
	for _, o := range registered[0].Options {
		got = append(got, describe(o))
	}
	want := []string{
		"title STRING required length 3..40",
		"kind STRING required choices Meetup=meetup Workshop=workshop Game night=game-night",
		"seats INTEGER required range 1..50",
		"host USER required",
		"channel CHANNEL required types [GUILD_TEXT GUILD_ANNOUNCEMENT]",
		"hours NUMBER range 0.5..12",
		"online BOOLEAN",
		"notify ROLE",
		"agenda ATTACHMENT",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the service holds\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// describe says what an option's definition holds, in one line.
func describe(o command.Option) string {
	s := o.Name + " " + o.Type.String()
	if o.Required {
		s += " required"
	}
	if o.MinLength != nil || o.MaxLength != nil {
		s += fmt.Sprintf(" length %d..%d", *o.MinLength, *o.MaxLength)
	}
	if !o.MinValue.IsZero() || !o.MaxValue.IsZero() {
		s += " range " + o.MinValue.Text() + ".." + o.MaxValue.Text()
	}
	if len(o.Choices) > 0 {
		s += " choices"
		for _, c := range o.Choices {
			s += " " + c.Name + "=" + c.Value.Text()
		}
	}
	if len(o.ChannelTypes) > 0 {
		s += fmt.Sprint(" types ", o.ChannelTypes)
	}
	return s
}

func TestTheBotReceivesValuesNotShownNames(t *testing.T) {
	var emu *emulator.Server
	var registered []command.Command
	agenda := filepath.Join(t.TempDir(), "plan.txt")
	if err := os.WriteFile(agenda, []byte("1. rules\n2. play\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out := playground.OutputRefusing(t, withEmulator(&emu, &registered), 3, "", "-quiet", "-script", playground.ScriptFile(t,
		`/event title:Chess kind:"Game night" seats:4 host:@owner channel:#moderation online:false agenda:`+agenda,
		`/event title:Chess kind:"Game night" seats:4.5 host:@owner channel:#moderation`,
		`/event title:Chess kind:"Game night" seats:4 host:@nobody channel:#moderation`,
		`/event title:Chess kind:"Game night" seats:4 host:@owner channel:#moderation agenda:/no/such/file`,
	))
	playground.Shows(t, out,
		`bot › "Chess", a game-night hosted by Owner, a member of this server`+"\n"+
			"        4 seats × 2 hours = 8 seat-hours\n"+
			"        in #moderation, in person\n"+
			"        agenda: plan.txt, 17 bytes\n",
		`✗ the client refuses: option "seats" takes a whole number, not "4.5"`,
		`✗ the client refuses: option "host": no user @nobody`,
		`✗ the client refuses: option "agenda" takes the path of a file to upload`,
	)
	// Only the first line reached the bot, with the choice's value.
	records := emu.Interactions()
	if len(records) != 1 {
		t.Fatalf("the bot was sent %d interactions, want 1", len(records))
	}
	sent := map[string]string{}
	for _, o := range records[0].Interaction.Data.Options {
		sent[o.Name] = o.Value.Text()
	}
	if sent["kind"] != "game-night" || sent["seats"] != "4" || sent["online"] != "false" {
		t.Errorf("the options arrived as %v; want kind game-night, seats 4, online false", sent)
	}
}
