package switchboardtest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// helper is a bot built with its REST client and its application's id:
// /help lists the commands as the service holds them.
func helper(api *rest.Client, app interaction.Snowflake) *router.Router {
	r := router.New()
	r.Command("help", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		cmds, err := api.ListCommands(ctx, app, command.Global, false)
		if err != nil {
			return interaction.Response{}, err
		}
		names := make([]string, len(cmds))
		for i, c := range cmds {
			names[i] = "/" + c.Name
		}
		return interaction.Reply("Commands: " + strings.Join(names, ", ")).Ephemeral(), nil
	}, router.Description("What the bot offers"))
	return r
}

// testHelp builds the bot with the emulator's client and application.
func testHelp(t *testing.T) {
	bot := switchboardtest.NewFunc(t, func(b *switchboardtest.Bot) *router.Router {
		return helper(b.Client, b.Emulator.ApplicationID)
	})
	bot.Command("/help").Shows("Commands: /help")
}

// A bot whose router needs what only the emulator gives, to be built:
// NewFunc builds it once the emulator runs. The example's test runs as
// TestTheNewFuncExampleTestPasses.
func ExampleNewFunc() {}
