package discordgoroutetest_test

import (
	"context"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard-go/switchboard/gateway/discordgoroute/discordgoroutetest"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// newRouter declares the bot's commands.
func newRouter() *router.Router {
	r := router.New()
	r.Command("hello", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("Hello, " + req.Invoker().Username + "!"), nil
	}, router.Description("Say hello"))
	return r
}

// newSession makes the bot's session, as its main makes it.
func newSession(token string) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, err
	}
	s.Identify.Intents = discordgo.IntentsNone
	return s, nil
}

// testHello serves the bot on its own discordgo session, connected to the
// emulator's gateway, and uses its command as a user would.
func testHello(t *testing.T) {
	bot := switchboardtest.New(t, newRouter(), switchboardtest.OverGateway(discordgoroutetest.Connect(newSession)))
	x := bot.Command("/hello")
	if !x.Result.Gateway {
		t.Fatalf("the interaction did not go over the gateway:\n%s", x)
	}
	x.Shows("Hello, bob!")
}

// A test of a bot on discordgo. The example's test runs as
// TestTheConnectExampleTestPasses.
func ExampleConnect() {}
