// Structopts shows a command whose options are the fields of a Go struct:
// the router declares one option for each field, from its type and tags,
// and hands the handler the struct filled in with typed values.
//
//	go run ./examples/structopts
//
// An attachment option takes the path of a file to upload. The script
// attaches agenda.md, which the program carries in itself (go:embed), so
// that it runs from anywhere.
package main

import (
	"context"
	"embed"
	"fmt"
	"strings"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:   "structopts",
	About:  "options declared by a struct's fields and tags, received typed",
	Bot:    func(playground.Env) (*router.Router, error) { return newBot(), nil },
	Script: script,
	Files:  files,
}

// files holds agenda.md, the file the first event attaches.
//
//go:embed agenda.md
var files embed.FS

const script = `
# Each field of EventOptions is an option: the required ones first, then the pointers, which may be left out.
commands
/event title:"Go generics" kind:workshop seats:12 host:@ada channel:#announcements hours:1.5 online:true notify:@Moderator agenda:agenda.md
# A choice can be picked by the name the client shows; the bot receives its value, game-night.
/event title:"Board games" kind:"Game night" seats:8 host:@bob channel:#general
# The client holds the user to the tags' bounds and channel types; the bot is never asked.
/event title:Go kind:meetup seats:8 host:@bob channel:#general
/event title:"Open day" kind:meetup seats:500 host:@bob channel:#general
/event title:"Open day" kind:meetup seats:50 host:@bob channel:#general hours:0.25
/event title:"Open day" kind:meetup seats:50 host:@bob channel:#Lounge
/event title:"Open day" kind:party seats:50 host:@bob channel:#general
`

// EventOptions are the options of /event. A field's Go type gives its
// option's type: string, integer, float, bool, a user with their
// membership, a channel, a role, an uploaded file. A pointer field is
// optional, and nil when the user leaves it out.
type EventOptions struct {
	Title string              `option:"title" description:"What the event is called" min_length:"3" max_length:"40"`
	Kind  string              `option:"kind" description:"What sort of event" choices:"Meetup=meetup;Workshop=workshop;Game night=game-night"`
	Seats int64               `option:"seats" description:"How many people can come" min:"1" max:"50"`
	Host  option.ResolvedUser `option:"host" description:"Who runs it"`
	// Channel types 0 and 5 are text and announcement channels: the client
	// offers no voice channel here.
	Channel interaction.Channel     `option:"channel" description:"Where to announce it" channel_types:"0,5"`
	Hours   *float64                `option:"hours" description:"How long it lasts, in hours" min:"0.5" max:"12"`
	Online  *bool                   `option:"online" description:"Whether it happens online"`
	Notify  *interaction.Role       `option:"notify" description:"A role to tell about it"`
	Agenda  *interaction.Attachment `option:"agenda" description:"A file with the plan"`
}

// defaultHours is how long an event lasts when the user does not say.
const defaultHours = 2.0

func newBot() *router.Router {
	r := router.New()
	// Bind reads EventOptions once, here; each use fills one in without
	// reflection. No handler needs to check a bound, a length or a choice:
	// the client sends only what the definition allows.
	router.Bind(r, "event", announce, router.Description("Announce an event"))
	return r
}

func announce(ctx context.Context, req *router.Request, o EventOptions) (interaction.Response, error) {
	var b strings.Builder
	host := o.Host.Username
	if o.Host.HasMember {
		host = o.Host.Member.DisplayName() + ", a member of this server"
	}
	fmt.Fprintf(&b, "%q, a %s hosted by %s\n", o.Title, o.Kind, host)

	hours := defaultHours
	if o.Hours != nil {
		hours = *o.Hours
	}
	fmt.Fprintf(&b, "%d seats × %g hours = %g seat-hours\n", o.Seats, hours, float64(o.Seats)*hours)

	where := "in #" + o.Channel.Name
	if o.Channel.Type == interaction.ChannelGuildAnnouncement {
		where += " (an announcement channel)"
	}
	switch {
	case o.Online == nil: // not said
	case *o.Online:
		where += ", online"
	default:
		where += ", in person"
	}
	b.WriteString(where)
	if o.Notify != nil {
		b.WriteString(", telling @" + o.Notify.Name)
	}
	if o.Agenda != nil {
		fmt.Fprintf(&b, "\nagenda: %s, %d bytes", o.Agenda.Filename, o.Agenda.Size)
	}
	return interaction.Reply(b.String()), nil
}
