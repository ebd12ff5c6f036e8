package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

func TestAnEventIsAnnouncedWithEveryOptionTyped(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	agenda, err := os.Stat("agenda.md")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, line, want string
	}{
		{"every option given",
			`/event title:"Go generics" kind:workshop seats:12 host:@ada channel:#announcements hours:1.5 online:true notify:@Moderator agenda:agenda.md`,
			"\"Go generics\", a workshop hosted by Ada, a member of this server\n" +
				"12 seats × 1.5 hours = 18 seat-hours\n" +
				"in #announcements (an announcement channel), online, telling @Moderator\n" +
				fmt.Sprintf("agenda: agenda.md, %d bytes", agenda.Size())},
		{"the optional ones left out, a choice by its name",
			`/event title:"Board games" kind:"Game night" seats:8 host:@bob channel:#general`,
			"\"Board games\", a game-night hosted by Bob, a member of this server\n8 seats × 2 hours = 16 seat-hours\nin #general"},
		{"a boolean false",
			`/event title:Chess kind:meetup seats:4 host:@owner channel:#moderation online:false`,
			"\"Chess\", a meetup hosted by Owner, a member of this server\n4 seats × 2 hours = 8 seat-hours\nin #moderation, in person"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := bot.Command(tt.line)
			if got := x.Content(); got != tt.want {
				t.Errorf("announced\n%s\nwant\n%s\n\n%s", got, tt.want, x)
			}
		})
	}
}

// The bot receives values, not the names the client shows, and a file
// by its name and size.
func TestTheBotReceivesValuesNotShownNames(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	plan := filepath.Join(t.TempDir(), "plan.txt")
	if err := os.WriteFile(plan, []byte("1. rules\n2. play\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	x := bot.Command(`/event title:Chess kind:"Game night" seats:4 host:@owner channel:#moderation online:false agenda:` + plan)
	sent := map[string]string{}
	for _, o := range x.Interaction().Data.Options {
		sent[o.Name] = o.Value.Text()
	}
	if sent["kind"] != "game-night" || sent["seats"] != "4" || sent["online"] != "false" {
		t.Errorf("the options arrived as %v; want kind game-night, seats 4, online false", sent)
	}
	x.Shows("agenda: plan.txt, 17 bytes")
}

// The client holds the user to the tags' bounds, choices and channel
// types: the bot is never asked.
func TestTheClientHoldsTheUserToTheTags(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	for _, tt := range []struct{ line, why string }{
		{`/event title:Go kind:meetup seats:8 host:@bob channel:#general`, `option "title": 2 characters, fewer than 3`},
		{`/event title:"Open day" kind:meetup seats:500 host:@bob channel:#general`, `option "seats": 500 is above the maximum 50`},
		{`/event title:"Open day" kind:meetup seats:4.5 host:@bob channel:#general`, `option "seats" takes a whole number, not "4.5"`},
		{`/event title:"Open day" kind:meetup seats:50 host:@bob channel:#general hours:0.25`, `option "hours": 0.25 is below the minimum 0.5`},
		{`/event title:"Open day" kind:meetup seats:50 host:@bob channel:#Lounge`,
			`option "channel": #Lounge is a GUILD_VOICE channel; it takes GUILD_TEXT or GUILD_ANNOUNCEMENT`},
		{`/event title:"Open day" kind:party seats:50 host:@bob channel:#general`, `option "kind": "party" is not one of its choices`},
		{`/event title:"Open day" kind:meetup seats:50 host:@nobody channel:#general`, `option "host": no user @nobody`},
		{`/event title:"Open day" kind:meetup seats:50 host:@bob channel:#general agenda:/no/such/file`,
			`option "agenda" takes the path of a file to upload`},
		{`/event title:"Open day" kind:meetup seats:50 host:@bob`, `required option "channel" is missing`},
	} {
		x, err := bot.TryCommand(tt.line)
		if !errors.Is(err, emulator.ErrInvalidInput) || !strings.Contains(err.Error(), tt.why) {
			t.Errorf("%s: %v, want the client to refuse it: %s", tt.line, err, tt.why)
		}
		if x != nil {
			t.Errorf("%s reached the bot\n%s", tt.line, x)
		}
	}
}

func TestTheDefinitionComesFromTheTags(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	registered, err := bot.Client.ListCommands(t.Context(), bot.Emulator.ApplicationID, command.Global, false)
	if err != nil {
		t.Fatal(err)
	}
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
