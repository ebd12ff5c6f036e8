// Quickstart is a small bot run the whole way on the embedded emulator of
// the command service: its commands are declared below, registered with a
// printed plan, and used by a user typing at a prompt.
//
//	go run ./examples/quickstart
//
// It first plays a short script, then gives the prompt (at a terminal) or
// reads lines from standard input; -script FILE runs a file of lines
// instead. With -web it serves the same bot to a browser: a channel, a
// message box that suggests its commands, its answers as they come; the
// page's address is the first line printed. With -base-url,
// -application-id, -bot-token and -public-key (or the SWITCHBOARD_*
// variables) it registers the commands on that service and serves the
// endpoint for it.
package main

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:   "quickstart",
	About:  "a bot declared in Go, registered, and used from the terminal",
	Bot:    func(env playground.Env) (*router.Router, error) { return newBot(env.API), nil },
	Script: script,
}

const script = `
# The owner of the guild greets someone; "name" is a required STRING option.
/greet name:Ada
/greet name:Ada style:Pirate
# Autocomplete: the bot suggests cities as the user types.
complete /weather city:par
/weather city:paris
# A USER command, from the member's context menu.
as @ada
user "High Five" @bob
# The greeting has a button; bob presses it, and the bot's handler for its
# custom_id answers.
/greet name:Bob
as @bob
click "Wave back"
# A command that opens a form; the user fills it in and submits it.
/feedback
submit text:"Nice bot!"
# bob is a plain member, and /mod needs Ban Members: the service refuses him.
/mod user ban user:@ada reason:spam
# ada is a moderator. The bot acts through the service's API, which holds
# it to its own role: it may time out and ban bob, and may not touch the
# guild's owner.
as @ada
/mod user timeout user:@bob minutes:10 reason:"cool down"
/mod user kick user:@owner
/mod user ban user:@bob reason:"spam, twice"
`

// BanOptions are the options of /mod user ban, declared by a struct: the
// router generates them and fills them in for each use. The reason goes
// to the guild's audit log with the ban.
type BanOptions struct {
	User   option.ResolvedUser `option:"user" description:"Who to ban"`
	Reason *string             `option:"reason" description:"Why, for the audit log" max_length:"200"`
}

// KickOptions are the options of /mod user kick.
type KickOptions struct {
	User   option.ResolvedUser `option:"user" description:"Who to kick"`
	Reason *string             `option:"reason" description:"Why, for the audit log" max_length:"200"`
}

// TimeoutOptions are the options of /mod user timeout: the service times
// a member out for at most 28 days.
type TimeoutOptions struct {
	User    option.ResolvedUser `option:"user" description:"Who to time out"`
	Minutes int64               `option:"minutes" description:"For how long" min:"1" max:"40320"`
	Reason  *string             `option:"reason" description:"Why, for the audit log" max_length:"200"`
}

// cities are what /weather suggests.
var cities = []string{"Paris", "Parma", "Paramaribo", "Lisbon", "Lima", "London", "Osaka", "Oslo"}

func newBot(api *rest.Client) *router.Router {
	r := router.New()

	r.Command("greet", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		name, _ := req.Options.String("name")
		style, _ := req.Options.String("style")
		greeting := "Hello, " + name + "!"
		if style == "pirate" {
			greeting = "Ahoy, " + name + "!"
		}
		// The name is what the user typed: it pings nobody, even as
		// "@everyone". The button's custom_id carries who greeted.
		return interaction.Reply(greeting).WithAllowedMentions(interaction.NoMentions()).WithComponents(
			component.Row(component.SecondaryButton("wave:"+req.Invoker().ID.String(), "Wave back")),
		), nil
	}, router.Description("Greet someone"),
		router.Localize(interaction.LocaleFrench, "saluer", "Saluer quelqu'un"),
		router.Options(
			option.String("name", "Who to greet").Required().MaxLength(80),
			option.String("style", "How").Choices(
				interaction.StringChoice("Plain", "plain"),
				interaction.StringChoice("Pirate", "pirate"),
			),
		))

	r.Command("weather", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		// The client sends what the user typed, which need not be one of
		// the suggestions.
		city, _ := req.Options.String("city")
		i := slices.IndexFunc(cities, func(c string) bool { return strings.EqualFold(c, city) })
		if i < 0 {
			return interaction.Reply("I know no city called " + strconv.Quote(city) + "; pick one of the suggestions.").
				Ephemeral().WithAllowedMentions(interaction.NoMentions()), nil
		}
		return interaction.Reply("It is sunny in " + cities[i] + "."), nil
	}, router.Description("The weather in a city"), router.Options(
		option.String("city", "Which city").Required().Autocomplete(),
	))
	r.Autocomplete("weather", "city", func(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		var out []interaction.Choice
		for _, c := range autocomplete.Match(req.Focused.Text(), cities) {
			out = append(out, interaction.StringChoice(c, strings.ToLower(c)))
		}
		return out, nil
	})

	// Moderation is a guild's affair: the command is not offered in direct
	// messages, and only to members who may ban. Each subcommand acts
	// through the service's API, which holds the bot to its own role.
	r.Group("mod", router.Description("Moderation"), router.Permissions(interaction.PermissionBanMembers),
		router.Contexts(interaction.ContextGuild))
	r.Group("mod").Group("user", router.Description("Act on a member"))
	router.Bind(r, "mod user ban", func(ctx context.Context, req *router.Request, o BanOptions) (interaction.Response, error) {
		reason := reasonOf(o.Reason)
		err := api.BanMember(ctx, req.Interaction.GuildID, o.User.ID, 0, reason)
		return moderated(err, "ban", o.User, "Banned "+o.User.Username+" ("+reason+").")
	}, router.Description("Ban a member"))
	router.Bind(r, "mod user kick", func(ctx context.Context, req *router.Request, o KickOptions) (interaction.Response, error) {
		reason := reasonOf(o.Reason)
		err := api.KickMember(ctx, req.Interaction.GuildID, o.User.ID, reason)
		return moderated(err, "kick", o.User, "Kicked "+o.User.Username+" ("+reason+").")
	}, router.Description("Kick a member out of the server"))
	router.Bind(r, "mod user timeout", func(ctx context.Context, req *router.Request, o TimeoutOptions) (interaction.Response, error) {
		reason := reasonOf(o.Reason)
		until := time.Now().Add(time.Duration(o.Minutes) * time.Minute)
		err := api.Timeout(ctx, req.Interaction.GuildID, o.User.ID, until, reason)
		return moderated(err, "time out", o.User,
			"Timed "+o.User.Username+" out for "+strconv.FormatInt(o.Minutes, 10)+" minutes ("+reason+").")
	}, router.Description("Time a member out"))

	// The part {from} of the custom_id comes typed, as options do.
	r.Component("wave:{from}", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		from, _ := req.Params.ID("from")
		if from == req.Invoker().ID {
			return interaction.Reply("You cannot wave back at yourself.").Ephemeral(), nil
		}
		return interaction.Reply(req.Invoker().Username + " waves back! 👋"), nil
	})

	r.Command("feedback", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.ShowModal(component.Modal("feedback", "Feedback",
			component.Labeled("What do you think?", component.ParagraphInput("text").WithLength(1, 500)),
		)), nil
	}, router.Description("Tell us what you think, in a form"),
		// A form is only ever a first answer: never deferred.
		router.NoAutoDefer())
	r.Modal("feedback", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		text, _ := req.Fields.Text("text")
		return interaction.Reply("Thanks for your feedback (" + strconv.Itoa(len([]rune(text))) + " characters)!").Ephemeral(), nil
	})

	r.UserCommand("High Five", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		target, _ := req.TargetUser()
		return interaction.Reply(req.Invoker().Username + " high-fives " + target.Username + "!"), nil
	})
	return r
}

// reasonOf is the reason given, or says there was none.
func reasonOf(given *string) string {
	if given == nil {
		return "no reason given"
	}
	return *given
}

// moderated answers a moderator after the bot did (or tried to do) what
// to someone: done when the service took it, why not when it refused
// the bot, and the error, which the user reads as an apology and the log
// keeps, when something else went wrong.
func moderated(err error, what string, who option.ResolvedUser, done string) (interaction.Response, error) {
	switch {
	case err == nil:
		return interaction.Reply(done).Ephemeral(), nil
	case errors.Is(err, rest.ErrMissingPermissions):
		return interaction.Reply("I may not " + what + " " + who.Username +
			": they own the guild or rank at or above my role, or my role lacks the permission.").Ephemeral(), nil
	case errors.Is(err, rest.ErrUnknownMember):
		return interaction.Reply(who.Username + " is not a member here.").Ephemeral(), nil
	}
	return interaction.Response{}, err
}
