// Package bot is the bot of examples/deploy: its commands and their
// handlers as of each of its releases, which the program that ships
// (examples/deploy) registers and serves, and the walk-through on the
// embedded emulator (examples/deploy/walkthrough) deploys one release
// after another. It imports no emulator, so that what ships links none.
package bot

import (
	"context"
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

// Release is the release of the bot that examples/deploy ships. The
// walk-through deploys release 1, then checks this one against it.
const Release = 2

// Router declares the bot's commands as of a release: release 2 adds the
// loud option to /greet. limit, when not nil, wraps /greet (serve's
// cooldown); settings configure the router (serve's logger).
func Router(release int, limit router.Middleware, settings ...router.Option) *router.Router {
	r := router.New(settings...)
	r.Command("ping", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))

	greetOptions := []option.Definer{option.String("name", "Who to greet").Required().MaxLength(80)}
	if release >= 2 {
		greetOptions = append(greetOptions, option.Boolean("loud", "Greet in capitals"))
	}
	var greet router.Handler = router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		name, _ := req.Options.String("name")
		greeting := "Hello, " + name + "!"
		if loud, _ := req.Options.Bool("loud"); loud {
			greeting = strings.ToUpper(greeting)
		}
		return interaction.Reply(greeting), nil
	})
	if limit != nil {
		greet = limit(greet)
	}
	r.Handle("greet", greet, router.Description("Greet someone"), router.Options(greetOptions...))
	return r
}
