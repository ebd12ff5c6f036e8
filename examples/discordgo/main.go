// Discordgo is a bot on discordgo's gateway connection whose commands a
// switchboard router declares, checks, dispatches and tests, as an HTTP
// bot's: each reaches it as INTERACTION_CREATE on discordgo's connection,
// which package discordgoroute's adapter hands to the endpoint. The
// connection also brings what no HTTP endpoint is sent, the messages of
// the bot's guilds: it waves (👋) at each message that mentions it.
//
//	go run . sync     register the commands (registry.RunSync; -h lists its flags)
//	go run .          connect to the gateway and serve, until SIGINT or SIGTERM
//
// Both read the bot's token from SWITCHBOARD_BOT_TOKEN and the API's base
// URL from SWITCHBOARD_BASE_URL (or -bot-token and -base-url):
// https://discord.com/api/v10 for the service, or an emulator's, such as
// cmd/emulator's, where discordgo then goes too. The application has no
// interactions endpoint URL: with one, the service sends its interactions
// there rather than on the gateway. Its test, bot_test.go, serves the bot
// on its own discordgo session to the embedded emulator.
//
// It is a module of its own, as package discordgoroute is, so that
// switchboard's module depends on no gateway library.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/examples/internal/envflag"
	"github.com/switchboard-go/switchboard/gateway/discordgoroute"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "discordgo:", err)
		os.Exit(2)
	}
}

// run registers the commands, or serves the bot until ctx ends.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("discordgo", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {
		fmt.Fprint(stderr, "discordgo: a bot on discordgo's gateway, its commands served by a switchboard router;\n"+
			"it waves at the messages that mention it.\n\n"+
			"Usage: discordgo [-bot-token TOKEN] [-base-url URL]   serve until SIGINT or SIGTERM\n"+
			"       discordgo sync [flags]                         register the commands\n\n")
		flags.PrintDefaults()
	}
	// The flags default to the environment without the usage text
	// showing it: the token is a secret.
	fromEnv := envflag.New(flags)
	var token, baseURL string
	fromEnv.String(&token, "bot-token", "SWITCHBOARD_BOT_TOKEN", "the bot's token (default $SWITCHBOARD_BOT_TOKEN)")
	fromEnv.String(&baseURL, "base-url", "SWITCHBOARD_BASE_URL", "the API's base URL, ending in /v10: "+rest.APIv10+" for the service (default $SWITCHBOARD_BASE_URL)")
	if err := flags.Parse(args); err != nil {
		return err
	}
	fromEnv.Resolve(getenv)
	mux, err := newRouter().Build() // the definitions, checked against every rule of the service
	if err != nil {
		return err
	}
	if flags.Arg(0) == "sync" { // once per deploy
		return registry.RunSync(ctx, flags.Args()[1:], mux.Definitions(), getenv, stdout, stderr)
	}
	if flags.NArg() > 0 {
		// Not quoted: one may be a secret meant for a flag.
		return errors.New("unexpected arguments after the flags, not shown since one may be a value meant for a flag; the one command is sync")
	}
	if token == "" {
		return errors.New("no token: set -bot-token or $SWITCHBOARD_BOT_TOKEN")
	}
	if baseURL == "" {
		return errors.New("no API: set -base-url or $SWITCHBOARD_BASE_URL (" + rest.APIv10 + " for the service)")
	}

	// The endpoint answers each interaction through the callback
	// endpoint, with a client of the API.
	api, err := rest.NewClient(baseURL, rest.BotToken(token))
	if err != nil {
		return err
	}
	e, err := endpoint.NewGateway(mux, endpoint.WithClient(api))
	if err != nil {
		return err
	}
	a, err := discordgoroute.New(e)
	if err != nil {
		return err
	}
	s, err := newSession(token)
	if err != nil {
		return err
	}
	if strings.TrimSuffix(baseURL, "/") != rest.APIv10 {
		if err := discordgoroute.PointAt(s, baseURL); err != nil {
			return err
		}
	}
	s.AddHandler(a.Handle)
	if err := s.Open(); err != nil {
		return fmt.Errorf("connecting to the gateway: %w", err)
	}
	fmt.Fprintln(stderr, "discordgo: connected to the gateway; serving until SIGINT or SIGTERM")

	<-ctx.Done()
	// No interaction comes once the session is closed; those under way
	// get their answers.
	s.Close() //nolint:errcheck // the process is ending
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := a.Shutdown(ctx); err != nil {
		return fmt.Errorf("the interactions under way: %w", err)
	}
	return e.WaitDeferred(ctx)
}

// newSession makes the bot's discordgo session, with the intents of the
// messages it waves at and the handler that waves; run registers the
// adapter that serves its interactions, which need no intent.
func newSession(token string) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, err
	}
	// Mentions come without the privileged MESSAGE_CONTENT.
	s.Identify.Intents = discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages
	s.AddHandler(waveAtMentions)
	return s, nil
}

// waveAtMentions reacts to a message that mentions the bot with 👋.
func waveAtMentions(s *discordgo.Session, m *discordgo.MessageCreate) {
	s.State.RLock()
	me := s.State.User // who the bot is, from READY
	s.State.RUnlock()
	if me == nil {
		return
	}
	for _, u := range m.Mentions {
		if u.ID == me.ID {
			if err := s.MessageReactionAdd(m.ChannelID, m.ID, "👋"); err != nil {
				log.Printf("waving at message %s: %v", m.ID, err)
			}
			return
		}
	}
}

// newRouter declares the bot's commands and handlers.
func newRouter() *router.Router {
	r := router.New()
	r.Command("hello", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("Hello, " + req.Invoker().Username + "!").WithComponents(
			component.Row(component.SecondaryButton("wave", "Wave back")),
		), nil
	}, router.Description("Say hello"))
	r.Component("wave", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply(req.Invoker().Username + " waves back! 👋"), nil
	})
	return r
}
