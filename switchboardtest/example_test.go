package switchboardtest_test

import (
	"context"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// greeter is the bot: /greet answers with a button, which edits the
// message when pressed.
func greeter() *router.Router {
	r := router.New()
	r.Command("greet", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		name, _ := req.Options.String("name")
		return interaction.Reply("Hello, " + name + "!").
			WithComponents(component.Row(component.PrimaryButton("wave", "Wave back"))), nil
	}, router.Description("Greet someone"), router.Options(option.String("name", "Who").Required()))
	r.Component("wave", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Update("Waved back."), nil
	})
	return r
}

// testGreeting is a whole test of the bot, as its TestGreeting would be:
// the command as a user types it, the answer, the button.
func testGreeting(t *testing.T) {
	bot := switchboardtest.New(t, greeter())
	answer := bot.Command("/greet name:Ada")
	if got := answer.Content(); got != "Hello, Ada!" {
		t.Errorf("the answer is %q, want a greeting:\n%s", got, answer)
	}
	answer.As(bot.Admin).Click("Wave back").Shows("Waved back.")
}

// A test of a bot: New serves the router to the embedded emulator, and
// the test uses the bot as its users do. The example's test runs as
// TestTheExampleTestPasses.
func Example() {}
