package switchboardtest_test

import (
	"context"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// gameNight is the bot of an application with an Activity: its entry
// point launches the Activity in a voice channel, and elsewhere says
// where to go.
func gameNight() *router.Router {
	r := router.New()
	r.EntryPoint("Launch", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		if ch, ok := req.Interaction.Channel.Get(); ok && ch.Type == interaction.ChannelGuildVoice {
			return interaction.LaunchActivity(), nil
		}
		return interaction.Reply("Join the Lounge to play.").Ephemeral(), nil
	}, router.Description("Start game night"), router.Contexts(interaction.ContextGuild))
	return r
}

// testGameNight launches it from a text channel and from the Lounge.
func testGameNight(t *testing.T) {
	bot := switchboardtest.New(t, gameNight(), switchboardtest.WithEmulator(emulator.Config{Activities: true}))
	bot.Launch("Launch").Shows("Join the Lounge to play.")
	lounge, err := bot.Emulator.FindChannel(bot.Guild, "#Lounge")
	if err != nil {
		t.Fatal(err)
	}
	if x := bot.Launch("Launch", switchboardtest.InChannel(lounge)); x.Answer().Type != interaction.CallbackLaunchActivity {
		t.Errorf("in the Lounge the bot answered %v\n%s", x.Answer().Type, x)
	}
}

// An entry point command, opened from the App Launcher. The example's
// test runs as TestTheLaunchExampleTestPasses.
func ExampleBot_Launch() {}
