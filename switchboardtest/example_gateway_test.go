package switchboardtest_test

import (
	"context"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// tea is the bot, which receives its interactions on the gateway.
func tea() *router.Router {
	r := router.New()
	r.Command("tea", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("A cup of tea for " + req.Invoker().Username + "."), nil
	}, router.Description("Pour a cup"))
	return r
}

// testTea serves the bot over the emulator's gateway, with the kit's own
// gateway client; a bot on a gateway library gives OverGateway a Connect
// that starts its session through the library's adapter.
func testTea(t *testing.T) {
	bot := switchboardtest.New(t, tea(), switchboardtest.OverGateway(nil))
	cup := bot.Command("/tea")
	if !cup.Result.Gateway {
		t.Fatalf("the interaction did not go over the gateway:\n%s", cup)
	}
	cup.Shows("A cup of tea for bob.")
}

// A test of a bot that receives its interactions on the gateway. The
// example's test runs as TestTheOverGatewayExampleTestPasses.
func ExampleOverGateway() {}
