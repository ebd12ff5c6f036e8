package switchboardtest_test

import (
	"context"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// pinger is a bot whose /ping answers with its name.
func pinger(name string) *router.Router {
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong from " + name), nil
	}, router.Description("Is the bot there?"))
	return r
}

// listener is pinger("music"), with /heard, which reads the channel
// through the API and answers with its last message, another bot's too.
func listener(api *rest.Client) *router.Router {
	r := pinger("music")
	r.Command("heard", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		last, err := api.ListMessages(ctx, req.Interaction.ChannelID, rest.MessageQuery{Limit: 1})
		if err != nil || len(last) == 0 {
			return interaction.Reply("heard nothing"), err
		}
		return interaction.Reply("heard " + last[0].Author.Username + ": " + last[0].Content), nil
	}, router.Description("What was said last"))
	return r
}

// testTwoBots is a test of two bots in one emulator, each with a /ping of
// its own: a user uses each bot's, and the second bot reads what the
// first posted.
func testTwoBots(t *testing.T) {
	mod := switchboardtest.New(t, pinger("mod"),
		switchboardtest.WithApplications(emulator.ApplicationConfig{Name: "music"}))
	music := mod.AnotherFunc(func(b *switchboardtest.Bot) *router.Router { return listener(b.Client) })

	mod.Command("/ping").Shows("pong from mod")
	music.Command("/heard").Shows("heard emulator-bot: pong from mod")
	if x := music.Command("/ping").Shows("pong from music"); x.Interaction().ApplicationID != music.Application() {
		t.Errorf("music's /ping went to application %s", x.Interaction().ApplicationID)
	}
	said := music.WaitMessages(3)
	if said[0].Author != mod.Application() || said[2].Author != music.Application() {
		t.Errorf("the channel's first message is by %s and its last by %s; want mod's bot, then music's", said[0].Author, said[2].Author)
	}
}

// Two bots in one emulator: New starts it with the applications beside
// the first (WithApplications), and Another serves a router as each. A
// Bot's Command goes to its own commands, whatever the other bots have
// of the same name. The example's test runs as
// TestTheAnotherExampleTestPasses.
func ExampleBot_Another() {}
