// Entrypoint shows the entry point command of an application with an
// Activity, answered both ways the service allows: by the service itself
// (SERVICE_LAUNCH_ACTIVITY) and by the bot (APP_HANDLER).
//
//	go run ./examples/entrypoint
//
// An application that has an Activity starts with an entry point command of
// the service's own, "Launch", which the service answers by launching the
// Activity without asking the bot. A bot that declares an entry point with
// router.EntryPoint takes that command over when it registers its commands:
// the plan updates "Launch" in place, and from then on the bot is asked each
// time, and may launch the Activity or answer with a message instead.
//
// The playground registers the bot's commands before anything else runs,
// so by the time the script starts, "Launch" is already the bot's. To show
// the service's own first, Intro edits the command's handler back to
// SERVICE_LAUNCH_ACTIVITY through the REST client, uses it once, and
// edits it back to APP_HANDLER, as the bot declares it. A script given
// with -script replaces Intro too: "Launch" is the bot's from its first
// line.
package main

import (
	"context"
	"errors"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:  "entrypoint",
	About: "the entry point command of an Activity, launched by the service and by the bot",
	// The application has an Activity: the service refuses entry point
	// commands to an application without one.
	Emulator: emulator.Config{Activities: true},
	Bot:      func(playground.Env) (*router.Router, error) { return newBot(), nil },
	Intro:    launchAsTheServiceDid,
	Script:   script,
}

// before is what Intro shows of the service's own "Launch".
const before = `
# Before the bot registered, "Launch" was the service's (SERVICE_LAUNCH_ACTIVITY): it launches, the bot hears nothing.
launch
`

const script = `
# Now "Launch" is the bot's (APP_HANDLER): the client reloads the changed command, the bot is asked, and in a text channel it answers with a message.
launch
# In a voice channel it launches the Activity.
in #Lounge
launch
# An entry point is opened from the App Launcher, not typed: there is no /Launch.
/Launch
# The bot declared its entry point for guilds only: the client does not offer it in DMs.
in dm
launch
`

func newBot() *router.Router {
	r := router.New()
	// An application has one entry point. Named "Launch", as the service
	// named its own, the bot's updates that command when registered;
	// under another name it would be a second one, which a sync refuses
	// unless -prune deletes the service's first.
	r.EntryPoint("Launch", startGameNight,
		router.Description("Start game night"),
		router.Contexts(interaction.ContextGuild),        // game night is for guilds, not for DMs
		router.EntryPointHandler(interaction.HandlerApp), // the default of router.EntryPoint, spelled out
	)
	return r
}

// startGameNight answers the entry point: with LAUNCH_ACTIVITY in a voice
// channel, and elsewhere with a message saying where game night is.
func startGameNight(ctx context.Context, req *router.Request) (interaction.Response, error) {
	if ch, ok := req.Interaction.Channel.Get(); ok && ch.Type == interaction.ChannelGuildVoice {
		return interaction.LaunchActivity(), nil
	}
	return interaction.Reply("Game night happens in a voice channel: join the Lounge and launch it there.").Ephemeral(), nil
}

// launchAsTheServiceDid shows the service's own "Launch" once, then gives
// the command back to the bot.
func launchAsTheServiceDid(ctx context.Context, s *playground.Session) error {
	api, app := s.API(), s.Emulator().ApplicationID
	if err := setHandler(ctx, api, app, interaction.HandlerServiceLaunchActivity); err != nil {
		return err
	}
	s.Printf(`intro: "Launch" handled by the service again for a moment (handler SERVICE_LAUNCH_ACTIVITY)`)
	if err := s.RunScript(ctx, strings.NewReader(before)); err != nil {
		return err
	}
	if err := setHandler(ctx, api, app, interaction.HandlerApp); err != nil {
		return err
	}
	s.Printf(`intro: "Launch" handled by the bot again (handler APP_HANDLER), as it declares it`)
	return nil
}

// setHandler edits the handler of application app's entry point command,
// and nothing else of it, through api.
func setHandler(ctx context.Context, api *rest.Client, app interaction.Snowflake, h interaction.EntryPointHandlerType) error {
	cmds, err := api.ListCommands(ctx, app, command.Global, false)
	if err != nil {
		return err
	}
	for _, c := range cmds {
		if c.CommandType() == interaction.CommandPrimaryEntryPoint {
			c.Handler = h
			_, err := api.EditCommand(ctx, app, command.Global, c.ID, c, "handler")
			return err
		}
	}
	return errors.New("the application has no entry point command")
}
