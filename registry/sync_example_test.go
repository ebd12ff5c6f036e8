package registry_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// newBot declares the commands of a small bot with package router.
func newBot() *router.Mux {
	reply := func(text string) router.HandlerFunc {
		return func(context.Context, *router.Request) (interaction.Response, error) {
			return interaction.Reply(text), nil
		}
	}
	r := router.New()
	r.Command("ping", reply("pong"), router.Description("Check that the bot answers"))
	r.Command("echo", reply("…"), router.Description("Say something back"))
	r.UserCommand("Show avatar", reply("…"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	return mux
}

// Sync is the deploy step: it compares what the service holds with what
// the bot declares, scope by scope, and sends only what differs. A second
// sync of the same declarations reads once and writes nothing.
func ExampleSync() {
	ctx := context.Background()
	// The emulator stands for the service here; a bot passes the service's
	// base URL and its own token.
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()

	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}
	mux := newBot()

	report, err := registry.Sync(ctx, client, service.ApplicationID, mux.Definitions(), registry.SyncOptions{Progress: os.Stdout})
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range report.Plans {
		fmt.Print(p.Table())
	}

	report, err = registry.Sync(ctx, client, service.ApplicationID, mux.Definitions(), registry.SyncOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(report.Plans[0].Table())
	fmt.Println("drift:", report.Drift())
	// Output:
	// global: bulk overwrite: 3 created, 0 updated, 0 deleted
	// global: 3 to create; 1 request (bulk overwrite)
	//   + CHAT_INPUT  echo
	//   + CHAT_INPUT  ping
	//   + USER        Show avatar
	// global: 3 unchanged; nothing to send
	// drift: false
}

// PlanSync reads the service and plans without writing, for a review step
// or a check in CI. Commands the service holds that the bot no longer
// declares are left alone unless pruning is on.
func ExamplePlanSync() {
	ctx := context.Background()
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()
	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}

	// What an earlier deploy registered.
	_, err = client.OverwriteCommands(ctx, service.ApplicationID, command.Global, []command.Command{
		{Name: "ping", Description: "Check that the bot answers"},
		{Name: "echo", Description: "Repeat something"},
		{Name: "roll", Description: "Roll a die"},
	})
	if err != nil {
		log.Fatal(err)
	}

	desired := newBot().Definitions()
	for _, prune := range []bool{false, true} {
		plans, err := registry.PlanSync(ctx, client, service.ApplicationID, desired, registry.SyncOptions{Prune: prune})
		if err != nil {
			log.Fatal(err)
		}
		for _, p := range plans {
			fmt.Print(p.Table())
		}
	}
	// Output:
	// global: 1 to create, 1 to update, 1 not declared, 1 unchanged; 2 requests
	//   ~ CHAT_INPUT  echo         description
	//   + USER        Show avatar
	//   ? CHAT_INPUT  roll         not declared; kept, since pruning is off
	// global: 1 to create, 1 to update, 1 to delete, 1 unchanged; 1 request (bulk overwrite)
	//   - CHAT_INPUT  roll
	//   ~ CHAT_INPUT  echo         description
	//   + USER        Show avatar
}

// RunSync gives a bot's main a sync subcommand for its deploy step, with
// the flags of a command-line tool and its secrets from the environment.
func ExampleRunSync() {
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()

	env := map[string]string{ // os.Getenv in a real main
		"SWITCHBOARD_BASE_URL":       service.URL,
		"SWITCHBOARD_APPLICATION_ID": service.ApplicationID.String(),
		"SWITCHBOARD_BOT_TOKEN":      service.BotToken,
	}
	getenv := func(k string) string { return env[k] }

	mux := newBot()
	for _, args := range [][]string{{"-dry-run"}, {"-prune"}, {"-check"}} {
		fmt.Println("$ bot sync " + strings.Join(args, " "))
		err := registry.RunSync(context.Background(), args, mux.Definitions(), getenv, os.Stdout, os.Stdout)
		if err != nil {
			fmt.Println("error:", err)
		}
	}
	// Output:
	// $ bot sync -dry-run
	// global: 3 to create; 1 request (bulk overwrite)
	//   + CHAT_INPUT  echo
	//   + CHAT_INPUT  ping
	//   + USER        Show avatar
	// dry run: 1 write planned, none sent
	// $ bot sync -prune
	// global: 3 to create; 1 request (bulk overwrite)
	//   + CHAT_INPUT  echo
	//   + CHAT_INPUT  ping
	//   + USER        Show avatar
	// global: bulk overwrite: 3 created, 0 updated, 0 deleted
	// 3 of 3 changes made
	// $ bot sync -check
	// global: 3 unchanged; nothing to send
	// dry run: 0 writes planned, none sent
}

// PlanScope compares commands without asking the service: current are the
// commands a scope holds, desired those declared. Read-back commands carry
// ids, versions and defaults the service fills in; they are not changes.
func ExamplePlanScope() {
	held := []command.Command{
		{ID: 11, Version: 12, Type: interaction.CommandChatInput, Name: "ping", Description: "Check that the bot answers",
			IntegrationTypes: []interaction.IntegrationType{interaction.GuildInstall}},
		{ID: 13, Version: 14, Type: interaction.CommandChatInput, Name: "echo", Description: "Repeat something"},
	}
	declared := []command.Command{
		{Name: "ping", Description: "Check that the bot answers"},
		{Name: "echo", Description: "Say something back"},
		{Type: interaction.CommandUser, Name: "Show avatar"},
	}
	p := registry.PlanScope(held, declared, command.Global, false)
	fmt.Print(p.Table())
	fmt.Println(p.Strategy, p.Writes(), p.Drift())
	// Output:
	// global: 1 to create, 1 to update, 1 unchanged; 1 request (bulk overwrite)
	//   ~ CHAT_INPUT  echo         description
	//   + USER        Show avatar
	// bulk 1 true
}

func ExampleDiffFields() {
	held := command.Command{
		ID: 11, Version: 12, Name: "roll", Description: "Roll a die",
		NameLocalizations: command.Localizations{interaction.LocaleGerman: "roll"}, // the same as the name
		Options: []command.Option{{Type: interaction.OptionInteger, Name: "sides", Description: "How many sides",
			MinValue: interaction.FloatValue(2)}},
	}
	declared := command.Command{
		Name: "roll", Description: "Roll dice",
		Options: []command.Option{{Type: interaction.OptionInteger, Name: "sides", Description: "How many sides",
			MinValue: interaction.IntValue(2)}},
	}
	fmt.Println(command.DiffFields(command.Global, held, declared))
	// Output:
	// [description]
}

// A bot with a single replica registers its commands as it starts; the
// next start, with nothing changed, only reads.
func ExampleSyncAtStartup() {
	service, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer service.Close()
	api, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}
	desired := registry.Declared{command.Global: {{Name: "ping", Description: "Check that the bot answers"}}}
	ctx := context.Background()
	for range 2 {
		if err := registry.SyncAtStartup(ctx, api, service.ApplicationID, desired, os.Stdout); err != nil {
			log.Fatal(err)
		}
	}
	// Output:
	// global: 1 to create; 1 request
	//   + CHAT_INPUT  ping
	// global: created CHAT_INPUT ping
	// 1 of 1 changes made
	// global: 1 command up to date
}
