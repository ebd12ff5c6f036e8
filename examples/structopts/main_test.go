package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
)

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
