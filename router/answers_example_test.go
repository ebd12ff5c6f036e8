package router_test

import (
	"context"
	"fmt"
	"log"
	"net/http/httptest"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// A command whose work takes longer than the 3 seconds an answer may take
// defers: the user sees that the bot is thinking, and the handler completes
// its answer later from its Request, with follow-ups after it, through the
// client the endpoint was given. The emulator stands in for the service.
func ExampleRequest_EditOriginal() {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()

	// Answering needs no credentials: the interaction's token
	// authenticates the answers.
	client, err := rest.NewClient(s.URL, rest.NoAuth{})
	if err != nil {
		log.Fatal(err)
	}

	reports := make(chan string) // the result of the slow work
	done := make(chan error, 1)
	r := router.New()
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		go func() {
			// The answer outlives the request, and so its context.
			ctx := context.WithoutCancel(ctx)
			report := <-reports
			if _, err := req.EditOriginal(ctx, interaction.MessageData{Content: report}); err != nil {
				done <- err
				return
			}
			_, err := req.Followup(ctx, interaction.MessageData{
				Content: "Two of them are still open.",
				Flags:   interaction.FlagEphemeral,
			})
			done <- err
		}()
		return interaction.Defer(), nil
	}, router.Description("Report on the week"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		log.Fatal(err)
	}
	e, err := endpoint.New(mux, verifier, endpoint.WithClient(client))
	if err != nil {
		log.Fatal(err)
	}
	bot := httptest.NewServer(e)
	defer bot.Close()

	// Registering the command is the one step that needs the bot's token.
	admin, err := rest.NewClient(s.URL, rest.BotToken(s.BotToken))
	if err != nil {
		log.Fatal(err)
	}
	cmds := []command.Command{{Name: "report", Description: "Report on the week"}}
	if _, err := admin.OverwriteCommands(ctx, s.ApplicationID, command.InGuild(s.GuildID), cmds); err != nil {
		log.Fatal(err)
	}
	if err := s.SetInteractionsURL(ctx, bot.URL); err != nil {
		log.Fatal(err)
	}

	res, err := s.Invoke(ctx, emulator.Invocation{Guild: s.GuildID, Command: "report"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("answer:", res.Answer.Type)
	reports <- "3 incidents this week."
	if err := <-done; err != nil {
		log.Fatal(err)
	}

	rec, _ := s.Interaction(res.Interaction.ID)
	fmt.Println("original:", rec.Original.Data.Content)
	for _, f := range rec.Followups {
		fmt.Printf("follow-up: %s (ephemeral: %t)\n", f.Data.Content, f.Data.Flags&interaction.FlagEphemeral != 0)
	}
	// Output:
	// answer: DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
	// original: 3 incidents this week.
	// follow-up: Two of them are still open. (ephemeral: true)
}
